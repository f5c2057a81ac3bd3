#include "flexure/anim/frame_sequence.h"

#include "flexure/anim/timeline_settings.h"

#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace flexure {

std::string frameFileName(int frame, std::string_view extension) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%04d", frame);
  return "frame_" + std::string(digits) + "." + std::string(extension);
}

std::optional<FrameRange> parseFrameRange(std::string_view text) {
  auto number = [](std::string_view s) -> std::optional<int> {
    int v = 0;
    if (s.empty()) return std::nullopt;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
  };
  // The separator is the first '-' after the first character, so "-3--1" reads as -3 to -1.
  const auto dash = text.size() > 1 ? text.find('-', 1) : std::string_view::npos;
  if (dash == std::string_view::npos) {
    auto a = number(text);
    if (!a) return std::nullopt;
    return FrameRange{*a, *a};
  }
  auto a = number(text.substr(0, dash)), b = number(text.substr(dash + 1));
  if (!a || !b || *b < *a) return std::nullopt;
  return FrameRange{*a, *b};
}

SequenceResult exportFrameSequence(BakeSession& session, FrameRange range, const std::filesystem::path& directory,
                                   const std::vector<SequenceWriter>& writers, const SequenceProgressCallback& progress,
                                   const std::atomic<bool>* cancel) {
  SequenceResult result;
  const int start = session.timeline().startFrame;
  if (range.first < start)
    throw std::invalid_argument("frame " + std::to_string(range.first) + " is before the timeline's start frame " +
                                std::to_string(start));
  if (!directory.empty()) std::filesystem::create_directories(directory);
  const int total = range.count();
  for (int f = range.first; f <= range.last; ++f) {
    if (cancel && cancel->load()) {
      result.cancelled = true;
      break;
    }
    const BakeOutcome reached = session.goToFrame(f, cancel);
    if (reached.cancelled || reached.shownFrame != f) {
      result.cancelled = true;
      break;
    }
    for (const SequenceWriter& w : writers) {
      const std::filesystem::path file = directory / frameFileName(f, w.extension);
      w.write(session.scene(), f, file);
      result.files.push_back(file);
    }
    ++result.framesWritten;
    if (progress) {
      const auto cached = session.cache().find(f);
      progress({f, result.framesWritten, total, cached ? &cached->stats : nullptr});
    }
  }
  return result;
}

}  // namespace flexure
