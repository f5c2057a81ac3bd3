#pragma once
// A stand-in for the scene-file reader and writer in tests: FieldVisitors over nlohmann::json
// objects, with records written as arrays of objects as the io module does.
#include <nlohmann/json.hpp>
#include <string>

#include "flexure/core/field_visitor.h"
#include "flexure/core/node.h"

namespace flexure::test {

class JsonFieldWriter final : public FieldVisitor {
 public:
  explicit JsonFieldWriter(nlohmann::json& out) : out_(out) { out_ = nlohmann::json::object(); }
  void field(std::string_view n, bool& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, int& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, double& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, std::string& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, Vec3d& v, FieldUse) override { out_[std::string(n)] = {v.x, v.y, v.z}; }
  void field(std::string_view n, SurfacePoint& v, FieldUse) override {
    out_[std::string(n)] = {{"patch", v.patch}, {"u", v.u}, {"v", v.v}};
  }
  void field(std::string_view n, std::vector<double>& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, std::vector<int>& v, FieldUse) override { out_[std::string(n)] = v; }
  void field(std::string_view n, std::vector<std::string>& v, FieldUse) override { out_[std::string(n)] = v; }
  void records(std::string_view n, std::size_t count, const std::function<void(std::size_t)>&, const RecordBinder& bind,
               FieldUse) override {
    nlohmann::json arr = nlohmann::json::array();
    for (std::size_t i = 0; i < count; ++i) {
      nlohmann::json rec;
      JsonFieldWriter w(rec);
      bind(i, w);
      arr.push_back(rec);
    }
    out_[std::string(n)] = arr;
  }
  bool isReading() const override { return false; }

 private:
  nlohmann::json& out_;
};

class JsonFieldReader final : public FieldVisitor {
 public:
  explicit JsonFieldReader(const nlohmann::json& in) : in_(in) {}
  template <class T>
  void get(std::string_view n, T& v, FieldUse use) {
    auto it = in_.find(std::string(n));
    if (it == in_.end()) {
      if (use == FieldUse::Required) throw FieldError("missing field '" + std::string(n) + "'");
      return;
    }
    v = it->template get<T>();
  }
  void field(std::string_view n, bool& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, int& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, double& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, std::string& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, Vec3d& v, FieldUse u) override {
    std::vector<double> a{v.x, v.y, v.z};
    get(n, a, u);
    v = {a.at(0), a.at(1), a.at(2)};
  }
  void field(std::string_view n, SurfacePoint& v, FieldUse u) override {
    auto it = in_.find(std::string(n));
    if (it == in_.end()) {
      if (u == FieldUse::Required) throw FieldError("missing field '" + std::string(n) + "'");
      return;
    }
    v = {it->at("patch").get<int>(), it->at("u").get<double>(), it->at("v").get<double>()};
  }
  void field(std::string_view n, std::vector<double>& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, std::vector<int>& v, FieldUse u) override { get(n, v, u); }
  void field(std::string_view n, std::vector<std::string>& v, FieldUse u) override { get(n, v, u); }
  void records(std::string_view n, std::size_t, const std::function<void(std::size_t)>& resize, const RecordBinder& bind,
               FieldUse use) override {
    auto it = in_.find(std::string(n));
    if (it == in_.end()) {
      if (use == FieldUse::Required) throw FieldError("missing field '" + std::string(n) + "'");
      return;
    }
    resize(it->size());
    for (std::size_t i = 0; i < it->size(); ++i) {
      JsonFieldReader r((*it)[i]);
      bind(i, r);
    }
  }
  bool isReading() const override { return true; }

 private:
  const nlohmann::json& in_;
};

}  // namespace flexure::test
