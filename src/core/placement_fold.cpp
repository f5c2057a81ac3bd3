#include "flexure/core/placement_fold.h"

#include "flexure/core/copy_name.h"
#include "flexure/core/detached_subtree.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

Vec3d translationOf(const Scene& scene, const Node& translate) {
  const int o = translate.paramOffset();
  const ParameterTable& t = scene.parameters();
  return {t.value(o), t.value(o + 1), t.value(o + 2)};
}

void setTranslation(Scene& scene, const Node& translate, const Vec3d& v) {
  const int o = translate.paramOffset();
  scene.parameters().setValue(o, v.x);
  scene.parameters().setValue(o + 1, v.y);
  scene.parameters().setValue(o + 2, v.z);
}

// The stored 4-vector of a rotate, normalized: the rotation it means.
Quatd rotationOf(const Scene& scene, const Node& rotate) {
  const int o = rotate.paramOffset();
  const ParameterTable& t = scene.parameters();
  return normalized(Quatd(t.value(o), t.value(o + 1), t.value(o + 2), t.value(o + 3)));
}

void setRotation(Scene& scene, const Node& rotate, const Quatd& q) {
  const int o = rotate.paramOffset();
  scene.parameters().setValue(o, q.w);
  scene.parameters().setValue(o + 1, q.x);
  scene.parameters().setValue(o + 2, q.y);
  scene.parameters().setValue(o + 3, q.z);
}

bool isTranslation(const RigidMotion& m) { return m.rotation.w == 1.0 && m.rotation.x == 0.0 && m.rotation.y == 0.0 && m.rotation.z == 0.0; }
bool isRotation(const RigidMotion& m) { return m.translation.x == 0.0 && m.translation.y == 0.0 && m.translation.z == 0.0; }

// A new operator where `node` is, with `node` as its only child.
Node& wrap(Scene& scene, Node& node, std::unique_ptr<Node> op, std::string_view suffix, bool freeze) {
  op->setName(uniqueCopyName(node.name() + std::string(suffix), [&](std::string_view n) { return n == "root" || scene.find(n); }));
  Node& added = scene.add(std::move(op), node.parent(), positionInParent(node));
  scene.move(node, added, 0);
  for (int k = 0; k < added.paramCount(); ++k) scene.parameters().setFrozen(added.paramOffset() + k, freeze);
  return added;
}

}  // namespace

std::vector<std::string> applyRigidMotion(Scene& scene, Node& node, const RigidMotion& motion, bool freezeNew) {
  if (motion.isIdentity()) return {};
  const std::string_view type = node.type();
  if (type == TranslateOperator::kType) {
    const Vec3d c = translationOf(scene, node);
    if (isTranslation(motion)) {
      setTranslation(scene, node, motion.translation + c);
      return {};
    }
    if (node.children().size() == 1 && node.children().front()->type() == RotateOperator::kType) {
      const Node& rotate = *node.children().front();
      setTranslation(scene, node, motion.apply(c));
      setRotation(scene, rotate, normalized(motion.rotation * rotationOf(scene, rotate)));
      return {};
    }
  }
  std::vector<std::string> added;
  Node* top = &node;
  if (type == RotateOperator::kType) {
    setRotation(scene, node, normalized(motion.rotation * rotationOf(scene, node)));
  } else if (!isTranslation(motion)) {
    Node& rotate = wrap(scene, node, std::make_unique<RotateOperator>(), "-rotate", freezeNew);
    setRotation(scene, rotate, motion.rotation);
    added.push_back(rotate.name());
    top = &rotate;
  }
  if (!isRotation(motion)) {
    Node& translate = wrap(scene, *top, std::make_unique<TranslateOperator>(), "-translate", freezeNew);
    setTranslation(scene, translate, motion.translation);
    added.push_back(translate.name());
  }
  return added;
}

}  // namespace flexure
