#include "flexure/anim/track_binding.h"

#include <algorithm>
#include <cmath>

#include "flexure/anim/timeline_settings.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

constexpr std::string_view kConstraintPrefix = "constraint:";

// A FieldVisitor that finds one numeric field by name and reads or assigns it; every other
// field is left alone. Assigning goes through the constraint's own visitFields, so a constraint
// that validates or rebuilds derived state on reading does so for keyed values too.
class NumericFieldAccess final : public FieldVisitor {
 public:
  NumericFieldAccess(const std::string& name, std::optional<double> assign) : assign_(assign) {
    const auto dot = name.rfind('.');
    if (dot != std::string::npos && dot + 2 == name.size() && (name.back() == 'x' || name.back() == 'y' || name.back() == 'z')) {
      vecName_ = name.substr(0, dot);
      component_ = name.back() - 'x';
    }
    name_ = name;
  }
  std::optional<double> found;

  void field(std::string_view n, bool& v, FieldUse) override {
    if (n != name_) return;
    found = v ? 1.0 : 0.0;
    if (assign_) v = *assign_ >= 0.5;
  }
  void field(std::string_view n, int& v, FieldUse) override {
    if (n != name_) return;
    found = v;
    if (assign_) v = static_cast<int>(std::lround(*assign_));
  }
  void field(std::string_view n, double& v, FieldUse) override {
    if (n != name_) return;
    found = v;
    if (assign_) v = *assign_;
  }
  void field(std::string_view n, Vec3d& v, FieldUse) override {
    if (component_ < 0 || n != vecName_) return;
    double& c = component_ == 0 ? v.x : component_ == 1 ? v.y : v.z;
    found = c;
    if (assign_) c = *assign_;
  }
  void field(std::string_view, std::string&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>&, FieldUse) override {}
  void records(std::string_view, std::size_t, const std::function<void(std::size_t)>&, const RecordBinder&,
               FieldUse) override {}
  bool isReading() const override { return assign_.has_value(); }

 private:
  std::optional<double> assign_;
  std::string name_, vecName_;
  int component_ = -1;
};

}  // namespace

std::optional<std::array<int, 4>> findQuaternionSlots(const Scene& scene, const std::string& qualifiedSlot) {
  const int index = scene.parameters().find(qualifiedSlot);
  if (index < 0) return std::nullopt;
  const ParameterInfo& info = scene.parameters().info(index);
  const std::string& slot = info.slot;
  if (slot.empty() || slot.find_first_of("wxyz", slot.size() - 1) == std::string::npos) return std::nullopt;
  const std::string stem = slot.substr(0, slot.size() - 1);
  std::array<int, 4> out{};
  const char suffix[4] = {'w', 'x', 'y', 'z'};
  for (int i = 0; i < 4; ++i) {
    out[static_cast<std::size_t>(i)] = info.owner->paramIndex(stem + suffix[i]);
    if (out[static_cast<std::size_t>(i)] < 0) return std::nullopt;
  }
  return out;
}

std::optional<std::pair<int, std::string>> findConstraintTarget(const Scene& scene, const std::string& target) {
  if (target.rfind(kConstraintPrefix, 0) != 0) return std::nullopt;
  const std::string rest = target.substr(kConstraintPrefix.size());
  int best = -1;
  std::size_t bestLength = 0;
  for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
    const std::string& name = scene.constraints[i]->name;
    if (name.size() + 1 < rest.size() && rest.compare(0, name.size(), name) == 0 && rest[name.size()] == '.' &&
        (best < 0 || name.size() > bestLength)) {
      best = static_cast<int>(i);
      bestLength = name.size();
    }
  }
  if (best < 0) return std::nullopt;
  return std::make_pair(best, rest.substr(bestLength + 1));
}

bool setConstraintField(Constraint& c, const std::string& field, double value) {
  if (field == "weight") {
    c.weight = value;
    return true;
  }
  if (field == "enabled") {
    c.enabled = value >= 0.5;
    return true;
  }
  NumericFieldAccess access(field, value);
  c.visitFields(access);
  return access.found.has_value();
}

std::optional<double> constraintFieldValue(Constraint& c, const std::string& field) {
  if (field == "weight") return c.weight;
  if (field == "enabled") return c.enabled ? 1.0 : 0.0;
  NumericFieldAccess access(field, std::nullopt);
  c.visitFields(access);
  return access.found;
}

TrackBinding TrackBinding::resolve(Scene& scene, const TimelineSettings& timeline) {
  TrackBinding binding;
  for (const Track& track : timeline.tracks) {
    Bound b;
    b.track = &track;
    if (auto c = findConstraintTarget(scene, track.target)) {
      if (track.kind != TrackKind::Scalar) throw FieldError("track '" + track.target + "': constraint fields are scalar tracks");
      b.constraint = c->first;
      b.field = c->second;
      if (!constraintFieldValue(*scene.constraints[static_cast<std::size_t>(b.constraint)], b.field))
        throw FieldError("track '" + track.target + "': constraint '" + scene.constraints[static_cast<std::size_t>(b.constraint)]->name +
                         "' has no numeric field '" + b.field + "'");
    } else if (track.target.rfind(kConstraintPrefix, 0) == 0) {
      throw FieldError("track '" + track.target + "': no such constraint");
    } else if (track.kind == TrackKind::Scalar) {
      b.psiSlots[0] = scene.parameters().find(track.target);
      if (b.psiSlots[0] < 0) throw FieldError("track '" + track.target + "': no such parameter");
      binding.keyedParameters_.push_back(b.psiSlots[0]);
    } else {
      if (track.channels.empty()) {
        auto q = findQuaternionSlots(scene, track.target);
        if (!q) throw FieldError("track '" + track.target + "': not one of the w, x, y, z slots of a quaternion");
        b.psiSlots = *q;
      } else {
        for (std::size_t i = 0; i < 4; ++i) {
          b.psiSlots[i] = scene.parameters().find(track.channels[i]);
          if (b.psiSlots[i] < 0) throw FieldError("track '" + track.target + "': no such parameter '" + track.channels[i] + "'");
        }
      }
      binding.keyedParameters_.insert(binding.keyedParameters_.end(), b.psiSlots.begin(), b.psiSlots.end());
    }
    binding.bound_.push_back(std::move(b));
  }
  std::sort(binding.keyedParameters_.begin(), binding.keyedParameters_.end());
  binding.keyedParameters_.erase(std::unique(binding.keyedParameters_.begin(), binding.keyedParameters_.end()),
                                 binding.keyedParameters_.end());
  return binding;
}

void TrackBinding::apply(Scene& scene, double t) const {
  ParameterTable& psi = scene.parameters();
  for (const Bound& b : bound_) {
    if (b.track->keys.empty()) continue;
    if (b.constraint >= 0) {
      setConstraintField(*scene.constraints[static_cast<std::size_t>(b.constraint)], b.field, b.track->valueAt(t));
    } else if (b.track->kind == TrackKind::Scalar) {
      psi.setValue(b.psiSlots[0], b.track->valueAt(t));
    } else {
      const Quatd q = b.track->rotationAt(t);
      psi.setValue(b.psiSlots[0], q.w);
      psi.setValue(b.psiSlots[1], q.x);
      psi.setValue(b.psiSlots[2], q.y);
      psi.setValue(b.psiSlots[3], q.z);
    }
  }
}

void TrackBinding::applyToConstraints(Scene& scene, double t) const {
  for (const Bound& b : bound_)
    if (b.constraint >= 0 && !b.track->keys.empty())
      setConstraintField(*scene.constraints[static_cast<std::size_t>(b.constraint)], b.field, b.track->valueAt(t));
}

bool TrackBinding::isKeyed(int psiIndex) const {
  return std::binary_search(keyedParameters_.begin(), keyedParameters_.end(), psiIndex);
}

}  // namespace flexure
