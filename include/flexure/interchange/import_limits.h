#pragma once
// What a mesh import read through assimp may take (issue 28 item 4). assimp runs in a child
// process (isolated_read.h), and on some malformed files it allocates without end: an 8 kB
// Collada file grew the child to 13 GB in 30 s. The child is therefore bounded in address space
// (setrlimit RLIMIT_AS in the child, beyond what it inherited from the parent) and watched by the
// parent (its resident memory and the wall clock); a read that crosses either limit, or that the
// user cancels, ends in an ImportStopped naming the file.
//
// The limits are process-wide, like an rlimit: the application sets them from its preferences,
// flexure-cli from --import-memory and --import-seconds, the fuzz target from its own run
// limits; every read through assimp (File → Import, File → Open of a mesh file, a mesh node's
// "source", flexure-cli's verbs) takes them.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "flexure/core/load_error.h"

namespace flexure {

struct MeshImportLimits {
  std::uint64_t memoryBytes = 0;  // what the reader may add to the address space it inherited; 0: no limit
  double seconds = 0.0;           // wall clock; 0: no limit
};

// A quarter of the machine's memory, at most 2 GiB (at least 256 MiB), and 60 s. A real mesh of
// the largest size a scene accepts (16.7 M vertices) reads in well under both.
MeshImportLimits defaultMeshImportLimits();
inline constexpr std::uint64_t kMaxDefaultImportMemory = std::uint64_t{2} << 30;
inline constexpr std::uint64_t kMinDefaultImportMemory = std::uint64_t{256} << 20;
inline constexpr double kDefaultImportSeconds = 60.0;

// The limits every read takes (defaultMeshImportLimits() until set). Thread-safe.
MeshImportLimits meshImportLimits();
void setMeshImportLimits(const MeshImportLimits& limits);

// "2G", "512M", "1.5G", "300000000" (bytes), "0" (no limit); K, M, G, T are powers of 1024 and may
// be followed by "B" or "iB". Nullopt when the text is not such a size.
std::optional<std::uint64_t> parseByteSize(std::string_view text);
// "2 GiB", "512 MiB", "1.5 GiB", "800 KiB", "12 bytes".
std::string formatMemorySize(std::uint64_t bytes);

// A read that was stopped: it crossed a limit or was cancelled. A LoadError, so every caller
// that reports load errors reports it (with the file named) without knowing of it.
class ImportStopped : public LoadError {
 public:
  enum class Reason { Memory, Time, Cancelled };
  ImportStopped(const std::string& file, Reason reason, std::string message)
      : LoadError({file, 0, 0}, "", std::move(message)), reason_(reason) {}
  Reason reason() const { return reason_; }

 private:
  Reason reason_;
};

// Lets another thread follow and cancel the reads made on one thread (the window's progress
// dialog): install it with ScopedImportWatch on the reading thread.
struct ImportWatch {
  std::atomic<bool> cancel{false};            // set by the watcher: the child is killed
  std::atomic<double> seconds{0.0};           // how long the current read has run
  std::atomic<std::uint64_t> memoryBytes{0};  // how much the reader has grown (resident), bytes
};

class ScopedImportWatch {
 public:
  explicit ScopedImportWatch(ImportWatch& watch);
  ~ScopedImportWatch();
  ScopedImportWatch(const ScopedImportWatch&) = delete;
  ScopedImportWatch& operator=(const ScopedImportWatch&) = delete;

 private:
  ImportWatch* previous_;
};

// The watch installed on this thread, or null.
ImportWatch* currentImportWatch();

}  // namespace flexure
