#pragma once
// Node, constraint and settings types used only by the io tests, so that the file format is
// exercised with every kind of field without depending on other modules' types.
#include "flexure/core/constraint.h"
#include "flexure/core/node.h"
#include "flexure/core/primitive.h"
#include "flexure/core/scene.h"
#include "flexure/core/scene_settings.h"

namespace flexure::iotest {

// A plane patch z = height over [0,size]²; parameters "size" (bounded below by 0) and
// "height", plus one field of every kind.
class FieldPlane final : public PrimitiveT<FieldPlane> {
 public:
  static constexpr std::string_view kType = "io-test-plane";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {{"size", 2.0, 0.0}, {"height", 0.5}}; }
  std::unique_ptr<Node> cloneNode() const override { return std::make_unique<FieldPlane>(*this); }
  void visitFields(FieldVisitor& v) override {
    v.field("label", label, FieldUse::Required);
    v.field("closed", closed);
    v.field("count", count);
    v.field("scale", scale);
    v.field("axis", axis);
    v.field("anchor", anchor);
    v.field("weights", weights);
    v.field("indices", indices);
    v.field("tags", tags);
    if (v.isReading() && count < 0) throw FieldError("count must not be negative");
  }
  template <class S>
  Vec3<S> positionT(const ParamAccess<S>& p, int, const S& u, const S& w) const {
    const S* q = p.of(*this);
    return {q[0] * u, q[0] * w, q[1]};
  }
  template <class S>
  S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const { return x.z - p.of(*this)[1]; }

  FieldPlane() = default;
  FieldPlane(const FieldPlane& o)
      : PrimitiveT<FieldPlane>(), label(o.label), closed(o.closed), count(o.count), scale(o.scale), axis(o.axis),
        anchor(o.anchor), weights(o.weights), indices(o.indices), tags(o.tags) {}

  std::string label;
  bool closed = false;
  int count = 0;
  double scale = 1.0;
  Vec3d axis{0, 0, 1};
  SurfacePoint anchor;
  std::vector<double> weights;
  std::vector<int> indices;
  std::vector<std::string> tags;
};

// A translation with three parameters.
class Shift final : public OperatorT<Shift> {
 public:
  static constexpr std::string_view kType = "io-test-shift";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {{"x", 0.0}, {"y", 0.0}, {"z", 0.0, -10.0, 10.0, true}}; }
  std::unique_ptr<Node> cloneNode() const override { return std::make_unique<Shift>(); }
  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    const S* q = p.of(*this);
    return {x.x + q[0], x.y + q[1], x.z + q[2]};
  }
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    const S* q = p.of(*this);
    return {x.x - q[0], x.y - q[1], x.z - q[2]};
  }
};

// Ties two nodes; checks they exist in resolveReferences (the loader checks first).
class TieConstraint final : public Constraint {
 public:
  std::string_view kind() const override { return "io-test-tie"; }
  std::string_view family() const override { return "io-test"; }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<TieConstraint>(*this); }
  void visitFields(FieldVisitor& v) override {
    v.field("a", a, FieldUse::Required);
    v.field("b", b, FieldUse::Required);
    v.field("at", at);
    v.field("target", target);
    v.recordList("keys", keys, [](Key& k, FieldVisitor& r) {
      r.field("time", k.time, FieldUse::Required);
      r.field("value", k.value);
    });
  }
  std::vector<std::string> referencedNodes() const override { return {a, b}; }
  void resolveReferences(const Scene& scene) override {
    if (a == b) throw FieldError("a constraint cannot tie \"" + a + "\" to itself");
    resolved = scene.find(a) && scene.find(b);
  }
  struct Key {
    double time = 0;
    double value = 0;
  };
  std::string a, b;
  SurfacePoint at;
  Vec3d target;
  std::vector<Key> keys;
  bool resolved = false;
};

class TestSettings final : public SettingsBlock {
 public:
  static constexpr std::string_view kKind = "io-test";
  std::string_view kind() const override { return kKind; }
  std::unique_ptr<SettingsBlock> clone() const override { return std::make_unique<TestSettings>(*this); }
  void visitFields(FieldVisitor& v) override {
    v.field("gravity", gravity);
    v.field("step", step);
  }
  Vec3d gravity{0, 0, -9.81};
  double step = 0.01;
};

// Registers the types above (idempotent) and every module's types.
void registerTestTypes();

}  // namespace flexure::iotest
