#include "flexure/deform/skeleton.h"

#include <string>

namespace flexure::deform {

namespace {
template <std::size_t I = 0>
Skeleton makeByIndex(std::string_view type) {
  if constexpr (I < std::variant_size_v<Skeleton>) {
    using K = std::variant_alternative_t<I, Skeleton>;
    if (type == K::kType) return Skeleton(std::in_place_index<I>);
    return makeByIndex<I + 1>(type);
  } else {
    std::string known;
    for (std::string_view t : skeletonTypes()) known += (known.empty() ? "" : ", ") + std::string(t);
    throw FieldError("unknown skeleton type '" + std::string(type) + "' (known: " + known + ")");
  }
}
template <std::size_t... I>
std::vector<std::string_view> typesOf(std::index_sequence<I...>) {
  return {std::variant_alternative_t<I, Skeleton>::kType...};
}
}  // namespace

std::vector<std::string_view> skeletonTypes() { return typesOf(std::make_index_sequence<std::variant_size_v<Skeleton>>{}); }
std::string_view skeletonType(const Skeleton& s) {
  return std::visit([](const auto& k) { return std::decay_t<decltype(k)>::kType; }, s);
}
Skeleton makeSkeleton(std::string_view type) { return makeByIndex(type); }
void visitSkeletonFields(Skeleton& s, FieldVisitor& v) {
  std::visit([&](auto& k) { k.visitFields(v); }, s);
}
void prepareSkeleton(Skeleton& s) {
  std::visit([](auto& k) { k.prepare(); }, s);
}
Vec3d skeletonPivot(const Skeleton& s) {
  return std::visit([](const auto& k) { return k.pivot(); }, s);
}
Bounds3 skeletonBounds(const Skeleton& s) {
  return std::visit([](const auto& k) { return k.bounds(); }, s);
}

}  // namespace flexure::deform
