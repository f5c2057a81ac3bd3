#include "flexure/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "flexure/core/load_error.h"

namespace flexure {

namespace {

bool writeAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string errnoText() { return std::strerror(errno); }

// Removes the temporary file unless released; closes its descriptor.
class TemporaryFile {
 public:
  explicit TemporaryFile(const std::string& target) {
    const std::filesystem::path p(target);
    const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
    path_ = (dir / ("." + p.filename().string() + ".tmp-XXXXXX")).string();
    fd_ = ::mkstemp(path_.data());
    if (fd_ < 0) throw SaveError("cannot create a temporary file next to " + target + ": " + errnoText());
  }
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!released_) ::unlink(path_.c_str());
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  void close() {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw SaveError("cannot close " + path_ + ": " + errnoText());
  }
  void release() { released_ = true; }

 private:
  std::string path_;
  int fd_ = -1;
  bool released_ = false;
};

// The new file keeps the permissions of the one it replaces (mkstemp creates it 0600).
void copyPermissions(const std::string& target, int fd) {
  struct stat st {};
  const mode_t mode = ::stat(target.c_str(), &st) == 0 ? (st.st_mode & 07777) : mode_t(0644);
  ::fchmod(fd, mode);
}

// Makes the rename itself durable.
void syncDirectory(const std::string& target) {
  const std::filesystem::path p(target);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void writeFileAtomically(const std::string& path, std::string_view contents, const AtomicWriteHooks& hooks) {
  TemporaryFile tmp(path);
  copyPermissions(path, tmp.fd());
  const bool written = hooks.write ? hooks.write(tmp.fd(), contents) : writeAll(tmp.fd(), contents);
  if (!written) throw SaveError("cannot write " + path + ": " + errnoText());
  if (::fsync(tmp.fd()) != 0) throw SaveError("cannot flush " + path + " to disk: " + errnoText());
  tmp.close();
  if (::rename(tmp.path().c_str(), path.c_str()) != 0) throw SaveError("cannot replace " + path + ": " + errnoText());
  tmp.release();
  syncDirectory(path);
}

std::string readWholeFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw LoadError(FileLocation{path, 0, 0}, "", "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(FileLocation{path, 0, 0}, "", std::string("cannot open file: ") + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw LoadError(FileLocation{path, 0, 0}, "", "read error");
  return ss.str();
}

}  // namespace flexure
