#include "panels/constraint_pick_flow.h"

#include <QObject>
#include <algorithm>
#include <exception>
#include <map>

#include "flexure/core/scene.h"
#include "flexure/session/part_drag.h"

namespace flexure::app {
namespace {

constexpr const char* kProbe = "\x01probe:";

// A visitor that only ever touches the fields it is told about, and lists the others in order.
class FieldWriter final : public FieldVisitor {
 public:
  enum class Type { Other, String, SurfacePoint, Vec3, Int };
  struct Seen {
    std::string name;
    Type type;
  };
  std::vector<Seen> seen;
  bool probeStrings = false;                      // write kProbe<name> into every string field
  std::map<std::string, std::string> strings;     // field -> value to write
  std::map<std::string, SurfacePoint> points;
  std::map<std::string, Vec3d> vectors;
  std::map<std::string, int> ints;

  void field(std::string_view n, bool&, FieldUse) override { note(n, Type::Other); }
  void field(std::string_view n, int& value, FieldUse) override {
    note(n, Type::Int);
    if (const auto it = ints.find(std::string(n)); it != ints.end()) value = it->second;
  }
  void field(std::string_view n, double&, FieldUse) override { note(n, Type::Other); }
  void field(std::string_view n, std::string& value, FieldUse) override {
    note(n, Type::String);
    if (probeStrings) value = kProbe + std::string(n);
    if (const auto it = strings.find(std::string(n)); it != strings.end()) value = it->second;
  }
  void field(std::string_view n, Vec3d& value, FieldUse) override {
    note(n, Type::Vec3);
    if (const auto it = vectors.find(std::string(n)); it != vectors.end()) value = it->second;
  }
  void field(std::string_view n, SurfacePoint& value, FieldUse) override {
    note(n, Type::SurfacePoint);
    if (const auto it = points.find(std::string(n)); it != points.end()) value = it->second;
  }
  void field(std::string_view n, std::vector<double>&, FieldUse) override { note(n, Type::Other); }
  void field(std::string_view n, std::vector<int>&, FieldUse) override { note(n, Type::Other); }
  void field(std::string_view n, std::vector<std::string>&, FieldUse) override { note(n, Type::Other); }
  void records(std::string_view n, std::size_t, const std::function<void(std::size_t)>&, const RecordBinder&,
               FieldUse) override {
    note(n, Type::Other);
  }
  // A writer: constraints do not re-validate what a half-filled visit leaves.
  bool isReading() const override { return false; }

 private:
  void note(std::string_view n, Type t) { seen.push_back({std::string(n), t}); }
};

std::vector<const Node*> leafAndAncestors(const Scene& scene, const std::string& leaf) {
  std::vector<const Node*> chain;
  for (const Node* n = scene.find(leaf); n && n != &scene.root(); n = n->parent()) chain.push_back(n);
  return chain;
}

// Which end of a pipe-like leaf a pick is at: -1 when the picked point is nearer the leaf's
// (patch 0, v = 0) end than its v = 1 end, else +1 (a tube's wall runs from its -x to its +x
// end along v; tube.cpp). A pipe joint is made by clicking near the ends to join.
int endOfPick(const Scene& scene, const std::string& leaf, const SurfacePick& pick) {
  try {
    const Vec3d minus = session::pickedPointPosition(scene, leaf, SurfacePoint{0, 0.0, 0.0});
    const Vec3d plus = session::pickedPointPosition(scene, leaf, SurfacePoint{0, 0.0, 1.0});
    return norm(pick.world - minus) <= norm(pick.world - plus) ? -1 : 1;
  } catch (const std::exception&) {
    return 1;
  }
}

}  // namespace

bool ConstraintPickFlow::begin(const std::string& kind) {
  cancel();
  std::unique_ptr<Constraint> probe = ConstraintRegistry::instance().create(kind);
  if (!probe) return false;
  FieldWriter writer;
  writer.probeStrings = true;
  probe->visitFields(writer);
  const std::vector<std::string> refs = probe->referencedNodes();
  for (std::size_t i = 0; i < writer.seen.size(); ++i) {
    const auto& f = writer.seen[i];
    if (f.type != FieldWriter::Type::String) continue;
    if (std::find(refs.begin(), refs.end(), kProbe + f.name) == refs.end()) continue;
    Slot slot{f.name, {}, {}};
    for (std::size_t j = i + 1; j < writer.seen.size(); ++j) {
      const auto& g = writer.seen[j];
      const bool nextSlot = g.type == FieldWriter::Type::String &&
                            std::find(refs.begin(), refs.end(), kProbe + g.name) != refs.end();
      if (nextSlot) break;
      if (g.type == FieldWriter::Type::SurfacePoint && slot.pointField.empty()) slot.pointField = g.name;
      // An int "end…" field after a node slot (attach-pipes' end_a) takes the picked end.
      if (g.type == FieldWriter::Type::Int && g.name.rfind("end", 0) == 0 && slot.endField.empty())
        slot.endField = g.name;
    }
    slots_.push_back(slot);
  }
  if (slots_.empty()) return false;
  kind_ = kind;
  prototype_ = ConstraintRegistry::instance().create(kind);
  return true;
}

void ConstraintPickFlow::cancel() {
  prototype_.reset();
  slots_.clear();
  picks_.clear();
  kind_.clear();
}

QString ConstraintPickFlow::prompt() const {
  if (!active()) return {};
  return QObject::tr("%1: click point %2 of %3 (%4) in the viewport; Esc cancels")
      .arg(QString::fromStdString(kind_))
      .arg(picksTaken() + 1)
      .arg(picksNeeded())
      .arg(QString::fromStdString(slots_[picks_.size()].field));
}

std::unique_ptr<Constraint> ConstraintPickFlow::add(const Scene& scene, const SurfacePick& pick, QString& error) {
  if (!active()) return nullptr;
  picks_.push_back(pick);
  if (picks_.size() < slots_.size()) return nullptr;
  std::unique_ptr<Constraint> made = build(scene, error);
  cancel();
  return made;
}

std::unique_ptr<Constraint> ConstraintPickFlow::build(const Scene& scene, QString& error) const {
  // Candidates per slot: the picked leaf, then its ancestors. Try combinations (few: slots
  // are one to three, trees a few levels deep) until the references resolve.
  std::vector<std::vector<const Node*>> candidates;
  for (const SurfacePick& p : picks_) {
    candidates.push_back(leafAndAncestors(scene, p.node));
    if (candidates.back().empty()) {
      error = QObject::tr("'%1' is not in the scene").arg(QString::fromStdString(p.node));
      return nullptr;
    }
  }
  std::vector<std::size_t> choice(candidates.size(), 0);
  std::string lastError;
  for (;;) {
    std::unique_ptr<Constraint> c = prototype_->clone();
    FieldWriter writer;
    for (std::size_t s = 0; s < slots_.size(); ++s) {
      writer.strings[slots_[s].field] = candidates[s][choice[s]]->name();
      if (!slots_[s].pointField.empty()) writer.points[slots_[s].pointField] = picks_[s].point;
      if (!slots_[s].endField.empty()) writer.ints[slots_[s].endField] = endOfPick(scene, picks_[s].node, picks_[s]);
    }
    writer.vectors["target"] = picks_.back().world;
    c->visitFields(writer);
    try {
      c->resolveReferences(scene);
      return c;
    } catch (const std::exception& e) {
      lastError = e.what();
    }
    std::size_t s = 0;  // next combination, like an odometer
    while (s < choice.size() && ++choice[s] == candidates[s].size()) choice[s++] = 0;
    if (s == choice.size()) break;
  }
  error = QObject::tr("A %1 cannot tie these points: %2").arg(QString::fromStdString(kind_), QString::fromStdString(lastError));
  return nullptr;
}

}  // namespace flexure::app
