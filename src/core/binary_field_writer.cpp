#include "flexure/core/binary_field_writer.h"

#include "flexure/core/node.h"  // SurfacePoint

namespace flexure {

void BinaryFieldWriter::field(std::string_view, SurfacePoint& v, FieldUse) {
  raw(v.patch);
  raw(v.u);
  raw(v.v);
}

void BinaryFieldWriter::field(std::string_view, std::vector<std::string>& v, FieldUse) {
  raw(std::uint64_t(v.size()));
  for (const std::string& s : v) text(s);
}

void BinaryFieldWriter::records(std::string_view, std::size_t count, const std::function<void(std::size_t)>&,
                                const RecordBinder& bind, FieldUse) {
  raw(std::uint64_t(count));
  for (std::size_t i = 0; i < count; ++i) bind(i, *this);
}

void BinaryFieldWriter::text(const std::string& s) {
  raw(std::uint64_t(s.size()));
  out_.append(s);
}

}  // namespace flexure
