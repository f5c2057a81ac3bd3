#pragma once
// Exporting an animation as a sequence of files (issue 8, "export"): frame_0000.png,
// frame_0001.obj, ... one file per frame and writer. The anim module stays free of rendering
// and file formats: the caller passes writers (the PNG renderer, the OBJ exporter) as
// callbacks; this drives the frames through a BakeSession, so what is exported is exactly what
// is baked and played.
#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/anim/bake_session.h"

namespace flexure {

// "frame_0007.png": the frame number zero-padded to four digits (more when needed; negative
// frames keep their sign: "frame_-003.obj"). `extension` without the dot.
std::string frameFileName(int frame, std::string_view extension);
// "A-B" or "A" (a single frame); nothing when malformed or B < A.
std::optional<FrameRange> parseFrameRange(std::string_view text);

struct SequenceWriter {
  std::string extension;  // "png", "obj"
  // Writes the scene as it is at the frame into `file`; throws on failure.
  std::function<void(Scene& scene, int frame, const std::filesystem::path& file)> write;
};

struct SequenceProgress {
  int frame = 0;
  int done = 0;   // frames written
  int total = 0;  // frames to write
  const FrameStats* stats = nullptr;  // the frame's solve statistics (from the cache)
};
using SequenceProgressCallback = std::function<void(const SequenceProgress&)>;

struct SequenceResult {
  int framesWritten = 0;
  std::vector<std::filesystem::path> files;
  bool cancelled = false;
};

// For every frame of `range`: go to the frame (restoring it from the cache or solving it),
// call each writer with `directory / frameFileName(frame, writer.extension)` and report
// progress. Creates the directory. Stops between frames when `cancel` is set.
SequenceResult exportFrameSequence(BakeSession& session, FrameRange range, const std::filesystem::path& directory,
                                   const std::vector<SequenceWriter>& writers, const SequenceProgressCallback& progress = {},
                                   const std::atomic<bool>* cancel = nullptr);

}  // namespace flexure
