#include "isolated_read.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "flexure/core/load_error.h"

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

}  // namespace

ImportedMeshes readInChildProcess(const std::string& file, const std::function<ImportedMeshes()>& read, int seconds) {
  int fds[2];
  if (::pipe(fds) != 0) return read();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return read();
  }
  if (pid == 0) {
    // The child: answer through the pipe and leave without running the parent's exit handlers.
    // Under a sanitizer, a crash in the child must only end the child: drop a death callback
    // the parent installed (libFuzzer's would record the child's crash as the parent's).
    if (&__sanitizer_set_death_callback != nullptr) __sanitizer_set_death_callback(nullptr);
    ::close(fds[0]);
    std::string answer;
    try {
      answer = encode(read());
    } catch (const LoadError& e) {
      answer = encode(e);
    } catch (const std::exception& e) {
      answer = encode(LoadError({file, 0, 0}, "", e.what()));
    } catch (...) {
      answer = encode(LoadError({file, 0, 0}, "", "unexpected error while reading"));
    }
    ::_exit(writeAll(fds[1], answer) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string answer;
  char buffer[1 << 16];
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  bool timedOut = false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (timedOut) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timedOut)
    throw LoadError({file, 0, 0}, "", "reading took more than " + std::to_string(seconds) + " s; the file is malformed or too large");
  const bool exitedCleanly = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!exitedCleanly || answer.empty())
    throw LoadError({file, 0, 0}, "",
                    std::string("the mesh reader (assimp) crashed on this file") +
                        (WIFSIGNALED(status) ? " (signal " + std::to_string(WTERMSIG(status)) + ")" : "") +
                        "; it is malformed");
  try {
    return decode(answer);
  } catch (const LoadError&) {
    throw;
  } catch (const std::exception& e) {
    throw LoadError({file, 0, 0}, "", e.what());
  }
}

}  // namespace flexure
