#include "isolated_read.h"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>

#include "flexure/core/load_error.h"

// Sanitized builds (GCC says so by macro, clang by __has_feature).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FLEXURE_CHILD_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define FLEXURE_CHILD_UNDER_SANITIZER 1
#endif
#endif
#ifndef FLEXURE_CHILD_UNDER_SANITIZER
#define FLEXURE_CHILD_UNDER_SANITIZER 0
#endif

// Present only in sanitized builds (weak: null otherwise).
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace flexure {

namespace {

// A flat little-endian encoding of ImportedMeshes or of a LoadError.
class Writer {
 public:
  void u64(std::uint64_t v) { raw(&v, sizeof v); }
  void str(const std::string& s) {
    u64(s.size());
    out_ += s;
  }
  void doubles(const double* d, std::size_t n) { raw(d, n * sizeof(double)); }
  void raw(const void* p, std::size_t n) { out_.append(static_cast<const char*>(p), n); }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(const std::string& in) : in_(in) {}
  std::uint64_t u64() {
    std::uint64_t v = 0;
    raw(&v, sizeof v);
    return v;
  }
  std::string str() {
    const std::uint64_t n = u64();
    need(n);
    std::string s = in_.substr(at_, n);
    at_ += n;
    return s;
  }
  void raw(void* p, std::size_t n) {
    need(n);
    std::memcpy(p, in_.data() + at_, n);
    at_ += n;
  }
  // A count of elements of `size` bytes that the remaining data can hold.
  std::size_t count(std::size_t size) {
    const std::uint64_t n = u64();
    if (n > (in_.size() - at_) / size) throw std::runtime_error("short answer from the reader process");
    return static_cast<std::size_t>(n);
  }

 private:
  void need(std::uint64_t n) const {
    if (n > in_.size() - at_) throw std::runtime_error("short answer from the reader process");
  }
  const std::string& in_;
  std::size_t at_ = 0;
};

std::string encode(const ImportedMeshes& r) {
  Writer w;
  w.raw("M", 1);
  w.u64(r.meshes.size());
  for (const TriangleMesh& m : r.meshes) {
    w.str(m.name);
    w.u64(m.positions.size());
    for (const Vec3d& p : m.positions) w.doubles(&p.x, 1), w.doubles(&p.y, 1), w.doubles(&p.z, 1);
    w.u64(m.normals.size());
    for (const Vec3d& n : m.normals) w.doubles(&n.x, 1), w.doubles(&n.y, 1), w.doubles(&n.z, 1);
    w.u64(m.uvs.size());
    for (const auto& uv : m.uvs) w.doubles(uv.data(), 2);
    w.u64(m.triangles.size());
    for (const auto& t : m.triangles) w.raw(t.data(), sizeof t);
  }
  w.u64(r.warnings.size());
  for (const std::string& s : r.warnings) w.str(s);
  return std::move(w.bytes());
}

std::string encode(const LoadError& e) {
  Writer w;
  w.raw("E", 1);
  w.str(e.where().file);
  w.u64(static_cast<std::uint64_t>(e.where().line));
  w.u64(static_cast<std::uint64_t>(e.where().column));
  w.str(e.jsonPath());
  w.str(e.message());
  return std::move(w.bytes());
}

ImportedMeshes decode(const std::string& bytes) {
  Reader r(bytes);
  char tag = 0;
  r.raw(&tag, 1);
  if (tag == 'E') {
    FileLocation where;
    where.file = r.str();
    where.line = static_cast<int>(r.u64());
    where.column = static_cast<int>(r.u64());
    std::string path = r.str();
    std::string message = r.str();
    throw LoadError(where, path, message);
  }
  if (tag != 'M') throw std::runtime_error("unexpected answer from the reader process");
  ImportedMeshes out;
  out.meshes.resize(r.count(8));
  for (TriangleMesh& m : out.meshes) {
    m.name = r.str();
    m.positions.resize(r.count(24));
    for (Vec3d& p : m.positions) r.raw(&p.x, 8), r.raw(&p.y, 8), r.raw(&p.z, 8);
    m.normals.resize(r.count(24));
    for (Vec3d& n : m.normals) r.raw(&n.x, 8), r.raw(&n.y, 8), r.raw(&n.z, 8);
    m.uvs.resize(r.count(16));
    for (auto& uv : m.uvs) r.raw(uv.data(), 16);
    m.triangles.resize(r.count(12));
    for (auto& t : m.triangles) r.raw(t.data(), sizeof t);
  }
  out.warnings.resize(r.count(8));
  for (std::string& s : out.warnings) s = r.str();
  return out;
}

bool writeAll(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Field `index` of /proc/<pid>/statm (0: total program size, 1: resident), in bytes; 0 when
// unreadable (the process has gone, or no /proc).
// The CPU time (clock ticks, user + system) a process has used, from /proc/<pid>/stat; -1 when
// it cannot be read.
long long cpuTicks(const std::string& stat) {
  std::FILE* f = std::fopen(stat.c_str(), "r");
  if (!f) return -1;
  char line[1024];
  const bool read = std::fgets(line, sizeof line, f) != nullptr;
  std::fclose(f);
  if (!read) return -1;
  const char* after = std::strrchr(line, ')');  // the command name may hold spaces
  if (!after) return -1;
  // Fields 3.. after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt
  // cmajflt utime stime.
  unsigned long long utime = 0, stime = 0;
  if (std::sscanf(after + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2) return -1;
  return static_cast<long long>(utime + stime);
}

std::uint64_t statmBytes(const std::string& statm, int index) {
  std::FILE* f = std::fopen(statm.c_str(), "r");
  if (!f) return 0;
  unsigned long long fields[2] = {0, 0};
  const int read = std::fscanf(f, "%llu %llu", &fields[0], &fields[1]);
  std::fclose(f);
  if (read != 2) return 0;
  return static_cast<std::uint64_t>(fields[index]) * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

std::string limitHint(const char* flag) {
  return std::string(": the file is malformed, or too large for this limit (flexure-cli ") + flag +
         ", or Import in the window's Preferences)";
}

std::string secondsText(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

[[noreturn]] void throwMemoryLimit(const std::string& file, std::uint64_t limit) {
  throw ImportStopped(file, ImportStopped::Reason::Memory,
                      limit > 0 ? "the importer needed more than " + formatMemorySize(limit) + " of memory and was stopped" +
                                      limitHint("--import-memory")
                                : "the importer ran out of memory: the file is malformed or too large");
}

// Set in the child by the new-handler when an allocation fails, so that the parent knows why
// even when assimp swallows the std::bad_alloc into its error string ("std::bad_alloc") or the
// child dies of it: a page shared across the fork.
struct SharedFlags {
  std::atomic<int> allocationFailed{0};
};
SharedFlags* gChildFlags = nullptr;

void noteFailedAllocation() {
  if (gChildFlags) gChildFlags->allocationFailed.store(1);
  std::set_new_handler(nullptr);  // the retry then throws std::bad_alloc
}

// The child's address space may grow by `bytes` beyond what it inherited from the parent (the
// whole application: libraries, threads' stacks, the document). Not under a sanitizer:
// AddressSanitizer and ThreadSanitizer reserve terabytes of shadow memory and map their heaps
// inside reservations made at start-up, so an address-space limit neither fits them nor sees
// their heap; there the parent's watch of the resident size bounds the child.
void limitAddressSpace(std::uint64_t bytes) {
#if FLEXURE_CHILD_UNDER_SANITIZER
  (void)bytes;
#else
  const std::uint64_t inherited = statmBytes("/proc/self/statm", 0);
  if (bytes == 0 || inherited == 0) return;
  const rlimit limit{static_cast<rlim_t>(inherited + bytes), static_cast<rlim_t>(inherited + bytes)};
  ::setrlimit(RLIMIT_AS, &limit);
#endif
}

ImportedMeshes readInThisProcess(const std::string& file, const std::function<ImportedMeshes()>& read) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throwMemoryLimit(file, 0);
  }
}

}  // namespace

namespace {
// A child that uses no CPU time for this long without having answered is stuck, not slow: a
// fork from a process with other threads can leave it waiting on a lock that one of those
// threads held at the fork (a sanitizer's allocator is one such lock). It is killed and the
// read forked again, at most kForkAttempts times in all.
constexpr double kStuckSeconds = 3.0;
constexpr int kForkAttempts = 3;

ImportedMeshes readInChildProcessAttempt(const std::string& file, const std::function<ImportedMeshes()>& read,
                                         const MeshImportLimits& limits, int attempt);
}  // namespace

ImportedMeshes readInChildProcess(const std::string& file, const std::function<ImportedMeshes()>& read,
                                  const MeshImportLimits& limits) {
  return readInChildProcessAttempt(file, read, limits, 1);
}

namespace {
ImportedMeshes readInChildProcessAttempt(const std::string& file, const std::function<ImportedMeshes()>& read,
                                         const MeshImportLimits& limits, int attempt) {
  ImportWatch* watch = currentImportWatch();
  if (watch && watch->cancel.load()) throw ImportStopped(file, ImportStopped::Reason::Cancelled, "import cancelled");
  int fds[2];
  if (::pipe(fds) != 0) return readInThisProcess(file, read);
  void* shared = ::mmap(nullptr, sizeof(SharedFlags), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    ::close(fds[0]);
    ::close(fds[1]);
    return readInThisProcess(file, read);
  }
  auto* flags = new (shared) SharedFlags;
  // The child starts with the parent's resident pages mapped (copy on write): its growth is
  // measured from here.
  const std::uint64_t baseline = statmBytes("/proc/self/statm", 1);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    ::munmap(shared, sizeof(SharedFlags));
    return readInThisProcess(file, read);
  }
  if (pid == 0) {
    // The child: answer through the pipe and leave without running the parent's exit handlers.
    // Under a sanitizer, a crash in the child must only end the child: drop a death callback
    // the parent installed (libFuzzer's would record the child's crash as the parent's).
    if (&__sanitizer_set_death_callback != nullptr) __sanitizer_set_death_callback(nullptr);
    // Likewise the parent's handlers of fatal signals (a test framework's, which would report
    // the child's crash as a failure of the parent's test): the child just dies of it.
    for (const int fatal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(fatal, SIG_DFL);
    ::close(fds[0]);
    gChildFlags = flags;
    std::set_new_handler(noteFailedAllocation);
    limitAddressSpace(limits.memoryBytes);
    std::string answer;
    try {
      answer = encode(read());
    } catch (const std::bad_alloc&) {
      flags->allocationFailed.store(1);
    } catch (const LoadError& e) {
      answer = encode(e);
    } catch (const std::exception& e) {
      answer = encode(LoadError({file, 0, 0}, "", e.what()));
    } catch (...) {
      answer = encode(LoadError({file, 0, 0}, "", "unexpected error while reading"));
    }
    // An allocation that failed decides the outcome, whatever assimp made of it.
    if (flags->allocationFailed.load()) ::_exit(3);
    ::_exit(writeAll(fds[1], answer) ? 0 : 1);
  }
  ::close(fds[1]);
  const std::string statm = "/proc/" + std::to_string(pid) + "/statm";
  const std::string stat = "/proc/" + std::to_string(pid) + "/stat";
  long long lastTicks = -1;
  double lastProgress = 0.0;
  bool stuck = false;
  std::string answer;
  char buffer[1 << 16];
  const auto start = std::chrono::steady_clock::now();
  std::optional<ImportStopped::Reason> stopped;
  std::uint64_t growth = 0, largestGrowth = 0;
  double sampled = -1.0;
  for (;;) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The child's size at most every 10 ms (not per chunk of a large answer).
    if (elapsed - sampled >= 0.01) {
      sampled = elapsed;
      const std::uint64_t resident = statmBytes(statm, 1);
      growth = resident > baseline ? resident - baseline : 0;
      largestGrowth = std::max(largestGrowth, growth);
      if (const long long ticks = cpuTicks(stat); ticks != lastTicks) {
        lastTicks = ticks;
        lastProgress = elapsed;
      } else if (answer.empty() && elapsed - lastProgress > kStuckSeconds) {
        stuck = true;
        break;
      }
    }
    if (watch) {
      watch->seconds.store(elapsed);
      watch->memoryBytes.store(growth);
      if (watch->cancel.load()) stopped = ImportStopped::Reason::Cancelled;
    }
    if (limits.memoryBytes > 0 && growth > limits.memoryBytes) stopped = ImportStopped::Reason::Memory;
    if (limits.seconds > 0 && elapsed >= limits.seconds) stopped = ImportStopped::Reason::Time;
    if (stopped) break;
    // Short ticks: a runaway child grows by about 1 GB a second, so the watch overshoots by
    // some tens of megabytes at most.
    int tick = 25;
    if (limits.seconds > 0) tick = std::max(1, std::min(tick, static_cast<int>(std::ceil((limits.seconds - elapsed) * 1000.0))));
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, tick);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (stopped || stuck) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const bool allocationFailed = flags->allocationFailed.load() != 0;
  ::munmap(shared, sizeof(SharedFlags));
  if (stuck) {
    if (attempt < kForkAttempts) return readInChildProcessAttempt(file, read, limits, attempt + 1);
    throw LoadError({file, 0, 0}, "", "the mesh reader (assimp) stalled in its process " + std::to_string(kForkAttempts) +
                                          " times and was stopped");
  }
  if (stopped == ImportStopped::Reason::Cancelled) throw ImportStopped(file, *stopped, "import cancelled");
  if (stopped == ImportStopped::Reason::Time)
    throw ImportStopped(file, *stopped, "the importer did not finish in " + secondsText(limits.seconds) + " s and was stopped" +
                                            limitHint("--import-seconds"));
  if (stopped == ImportStopped::Reason::Memory || allocationFailed) throwMemoryLimit(file, limits.memoryBytes);
  const bool exitedCleanly = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!exitedCleanly || answer.empty()) {
    // A child that died near its limit died of it (a library that does not check malloc).
    if (limits.memoryBytes > 0 && largestGrowth > limits.memoryBytes / 10 * 9) throwMemoryLimit(file, limits.memoryBytes);
    throw LoadError({file, 0, 0}, "",
                    std::string("the mesh reader (assimp) crashed on this file") +
                        (WIFSIGNALED(status) ? " (signal " + std::to_string(WTERMSIG(status)) + ")" : "") +
                        "; it is malformed");
  }
  try {
    return decode(answer);
  } catch (const LoadError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throwMemoryLimit(file, 0);
  } catch (const std::exception& e) {
    throw LoadError({file, 0, 0}, "", e.what());
  }
}

}  // namespace

}  // namespace flexure
