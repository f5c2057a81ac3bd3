// Recursive-descent parser of the description language (docs/description-language.md).
#include <cmath>
#include <set>

#include "flexure/core/load_error.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/description_lexer.h"

namespace flexure {

namespace {

constexpr double kPi = 3.141592653589793;

class Parser {
 public:
  Parser(std::vector<Token> tokens, std::string file) : tokens_(std::move(tokens)), file_(std::move(file)) {}

  Description run() {
    Description d;
    while (peek().kind != TokenKind::End) {
      const Token& t = peek();
      if (isWord("constraint")) d.constraints.push_back(constraint());
      else if (isWord("object")) d.objects.push_back(object());
      else if (isWord("settings")) settings(d);
      else fail(t, "expected 'object', 'constraint' or 'settings', found " + describe(t));
    }
    return d;
  }

 private:
  // ---- token helpers ----
  const Token& peek() const { return tokens_[at_]; }
  const Token& next() { return tokens_[at_ < tokens_.size() - 1 ? at_++ : at_]; }
  bool isWord(const char* w) const { return peek().kind == TokenKind::Word && peek().text == w; }
  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::Word: return "'" + t.text + "'";
      case TokenKind::Number: return "number " + t.text;
      case TokenKind::Semicolon: return "';'";
      case TokenKind::End: return "end of file";
    }
    return "?";
  }
  [[noreturn]] void fail(const Token& t, const std::string& message) const {
    throw LoadError({file_, t.line, t.column}, "", message);
  }
  static SourcePosition positionOf(const Token& t) { return {t.line, t.column}; }
  double number(const char* what) {
    const Token& t = next();
    if (t.kind != TokenKind::Number) fail(t, std::string("expected a number (") + what + "), found " + describe(t));
    return t.number;
  }
  // A whole number in [lo, hi]: a count or repetition that sizes a loop.
  int integer(const char* what, int lo, int hi) {
    const Token& t = next();
    if (t.kind != TokenKind::Number) fail(t, std::string("expected a whole number (") + what + "), found " + describe(t));
    if (t.number != std::floor(t.number) || t.number < lo || t.number > hi)
      fail(t, std::string(what) + " must be a whole number between " + std::to_string(lo) + " and " + std::to_string(hi) +
                  ", found " + t.text);
    return static_cast<int>(t.number);
  }
  Vec3d vector(const char* what) {
    const double x = number(what), y = number(what), z = number(what);
    return {x, y, z};
  }
  Vec3d unitVector(const char* what) {
    const Token& t = peek();
    const Vec3d v = vector(what);
    if (norm(v) < 1e-12) fail(t, std::string(what) + " must not be the zero vector");
    return normalized(v);
  }
  std::string name(const char* what) {
    const Token& t = next();
    if (t.kind != TokenKind::Word) fail(t, std::string("expected a name (") + what + "), found " + describe(t));
    return t.text;
  }
  void semicolon(const char* after) {
    const Token& t = next();
    if (t.kind != TokenKind::Semicolon) fail(t, std::string("expected ';' after ") + after + ", found " + describe(t));
  }
  // [min a] [max b]
  void bounds(double& lo, double& hi, const char* clause) {
    const std::size_t clauseStart = clauseStartIndex();
    bool seenMin = false, seenMax = false;
    while (isWord("min") || isWord("max")) {
      const Token& t = next();
      const bool isMin = t.text == "min";
      if ((isMin && seenMin) || (!isMin && seenMax)) fail(t, "'" + t.text + "' given twice in " + clause);
      (isMin ? lo : hi) = number(isMin ? "min" : "max");
      (isMin ? seenMin : seenMax) = true;
    }
    if (lo > hi) fail(tokens_[clauseStart], std::string("min is larger than max in ") + clause);
  }
  bool peekNumber() const { return peek().kind == TokenKind::Number; }
  // The keyword that opened the clause being parsed (the last word before the numbers).
  std::size_t clauseStartIndex() const {
    std::size_t i = at_;
    while (i > 0 && tokens_[i - 1].kind == TokenKind::Number) --i;
    return i > 0 ? i - 1 : 0;
  }

  // ---- constraint ... end ----
  ConstraintDefinition constraint() {
    ConstraintDefinition c;
    const Token& start = next();
    c.where = positionOf(start);
    c.joint.translation = TranslationKind::None;
    bool translationGiven = false;
    std::set<std::string> seen;
    for (;;) {
      const Token& t = peek();
      if (t.kind == TokenKind::End) fail(start, "constraint without 'end'");
      if (t.kind != TokenKind::Word) fail(t, "expected a constraint clause, found " + describe(t));
      const std::string keyword = t.text;
      if (keyword == "end") {
        next();
        break;
      }
      if (keyword == "constraint" || keyword == "object" || keyword == "settings")
        fail(t, "missing 'end' before '" + keyword + "'");
      if (!seen.insert(keyword).second) fail(t, "'" + keyword + "' given twice in one constraint");
      next();
      if (keyword == "object1" || keyword == "object2") {
        const Token& n = peek();
        (keyword == "object1" ? c.object1 : c.object2) = name(keyword.c_str());
        (keyword == "object1" ? c.object1Where : c.object2Where) = positionOf(n);
        if (keyword == "object1" && c.object1 == "world") c.object1.clear();
        semicolon(keyword.c_str());
      } else if (keyword == "name") {
        c.name = name("constraint name");
        semicolon("name");
      } else if (keyword == "hinge") {
        c.joint.point1 = vector("hinge point of object1");
        c.joint.point2 = vector("hinge point of object2");
        c.hasHinge = true;
        semicolon("hinge");
      } else if (keyword == "axial" || keyword == "planar" || keyword == "sphere" || keyword == "curve" ||
                 keyword == "surface") {
        if (translationGiven) fail(t, "only one of axial, planar, sphere, curve, surface per constraint");
        translationGiven = true;
        translation(c, keyword);
      } else if (keyword == "angle") {
        c.joint.angle.enabled = true;
        c.joint.angle.axis1 = unitVector("angle vector a1");
        c.joint.angle.axis2 = unitVector("angle vector a2");
        bounds(c.joint.angle.min, c.joint.angle.max, "angle");
        c.joint.angle.min = std::max(0.0, c.joint.angle.min);
        c.joint.angle.max = std::min(kPi, c.joint.angle.max);
        semicolon("angle");
      } else if (keyword == "twist") {
        twist(c, t);
      } else if (keyword == "during") {
        c.joint.active.begin = number("start time");
        c.joint.active.end = peekNumber() ? number("end time") : RigidJoint::kInfinity;
        if (c.joint.active.end < c.joint.active.begin) fail(t, "the time interval ends before it starts");
        semicolon("during");
      } else if (keyword == "mobility") {
        c.joint.mobility = number("mobility");
        if (!(c.joint.mobility > 0.0 && c.joint.mobility < 1.0)) fail(t, "mobility must lie strictly between 0 and 1");
        semicolon("mobility");
      } else {
        fail(t, "unknown constraint clause '" + keyword + "'");
      }
    }
    if (c.object2.empty()) fail(start, "constraint without 'object2'");
    if (!translationGiven && c.hasHinge) c.joint.translation = TranslationKind::Point;
    if (c.joint.translation == TranslationKind::None && !c.joint.angle.enabled && !c.joint.twist.enabled)
      fail(start, "constraint constrains nothing: give a hinge, a translation clause, an angle or a twist");
    if (c.twistNeedsAngleAxes && !c.joint.angle.enabled)
      fail(Token{TokenKind::Word, "", 0, c.twistWhere.line, c.twistWhere.column},
           "twist with two vectors needs an angle clause for a1 and a2 (or give a1 a2 b1 b2)");
    return c;
  }

  void translation(ConstraintDefinition& c, const std::string& keyword) {
    RigidJoint& j = c.joint;
    if (keyword == "axial") {
      j.translation = TranslationKind::Segment;
      j.direction = unitVector("axial direction");
      bounds(j.min, j.max, "axial");
    } else if (keyword == "planar") {
      j.translation = TranslationKind::Ring;
      j.direction = unitVector("plane normal");
      j.min = 0.0;
      bounds(j.min, j.max, "planar");
      if (j.min < 0.0) fail(peek(), "planar radii must not be negative");
    } else if (keyword == "sphere") {
      j.translation = TranslationKind::Sphere;
      j.min = 0.0;
      j.max = number("sphere radius");
      if (j.max < 0.0) fail(peek(), "the sphere radius must not be negative");
      bounds(j.min, j.max, "sphere");
    } else if (keyword == "curve") {
      j.translation = TranslationKind::Curve;
      while (peekNumber()) {
        if (j.curve.size() >= 3 * static_cast<std::size_t>(RigidJoint::kMaxCurvePoints))
          fail(peek(), "a curve has at most " + std::to_string(RigidJoint::kMaxCurvePoints) + " points");
        const Vec3d p = vector("curve point");
        j.curve.insert(j.curve.end(), {p.x, p.y, p.z});
      }
      if (j.curve.size() < 6) fail(peek(), "a curve needs at least two points");
      if (isWord("closed")) {
        next();
        j.closedCurve = true;
      }
    } else {
      j.translation = TranslationKind::Surface;
      j.surface = name("surface: a shape name of object1");
    }
    semicolon(keyword.c_str());
  }

  void twist(ConstraintDefinition& c, const Token& t) {
    std::vector<Vec3d> vectors;
    while (peekNumber()) vectors.push_back(unitVector("twist vector"));
    TwistLimit& tw = c.joint.twist;
    tw.enabled = true;
    if (vectors.size() == 2) {
      tw.ref1 = vectors[0];
      tw.ref2 = vectors[1];
      c.twistNeedsAngleAxes = true;
      c.twistWhere = positionOf(t);
    } else if (vectors.size() == 4) {
      tw.axis1 = vectors[0];
      tw.axis2 = vectors[1];
      tw.ref1 = vectors[2];
      tw.ref2 = vectors[3];
    } else {
      fail(t, "twist takes b1 b2 (6 numbers, with an angle clause) or a1 a2 b1 b2 (12 numbers)");
    }
    bounds(tw.min, tw.max, "twist");
    semicolon("twist");
  }

  // ---- object NAME ... end ----
  ObjectDefinition object() {
    const Token& start = next();
    ObjectDefinition o;
    o.where = positionOf(start);
    o.name = name("object name");
    if (o.name == "world") fail(start, "'world' is the fixed world and cannot be defined");
    for (;;) {
      const Token& t = peek();
      if (t.kind == TokenKind::End) fail(start, "object '" + o.name + "' without 'end'");
      if (t.kind != TokenKind::Word) fail(t, "expected an object clause, found " + describe(t));
      const std::string keyword = t.text;
      next();
      if (keyword == "end") break;
      if (keyword == "constraint" || keyword == "object" || keyword == "settings")
        fail(t, "missing 'end' before '" + keyword + "'");
      if (keyword == "shape") {
        o.shapes.push_back(shape(t));
      } else if (keyword == "mass") {
        o.mass = positive("mass", t);
      } else if (keyword == "density") {
        o.density = positive("density", t);
      } else if (keyword == "position") {
        o.position = vector("position");
      } else if (keyword == "rotation") {
        const Vec3d axis = unitVector("rotation axis");
        o.orientation = Quatd::fromAxisAngle(axis, number("rotation angle (radians)"));
      } else if (keyword == "fixed") {
        o.fixed = true;
      } else if (keyword == "nocontact") {
        o.groundContact = false;
      } else if (keyword == "dynamic") {
        o.fixed = false;
      } else if (keyword == "velocity") {
        o.velocity = vector("velocity");
      } else if (keyword == "spin") {
        o.spin = vector("angular velocity");
      } else if (keyword == "centre" || keyword == "center") {
        o.centre = vector("centre of mass");
      } else if (keyword == "inertia") {
        for (int i = 0; i < 3; ++i) o.inertia.push_back(number("inertia"));
        for (int i = 0; i < 3; ++i) o.inertia.push_back(peekNumber() ? number("inertia") : 0.0);
        if (const std::string problem = SolidOperator::inertiaProblem(o.inertia); !problem.empty()) fail(t, problem);
      } else if (keyword == "force" || keyword == "torque") {
        o.loads.push_back(load(keyword));
      } else if (keyword == "ability") {
        o.physical = false;
        o.rotationAbility = positive("ability to rotate", t);
      } else {
        fail(t, "unknown object clause '" + keyword + "'");
      }
      if (keyword != "end") semicolon(keyword.c_str());
    }
    return o;
  }

  double positive(const char* what, const Token& t) {
    const double v = number(what);
    if (!(v > 0.0)) fail(t, std::string(what) + " must be positive");
    return v;
  }

  ShapeDefinition shape(const Token& t) {
    ShapeDefinition s;
    s.where = positionOf(t);
    s.type = name("shape type");
    std::size_t count = 0;
    if (s.type == "sphere") count = 1;
    else if (s.type == "block") count = 3;
    else if (s.type == "cylinder" || s.type == "torus") count = 2;
    else fail(t, "unknown shape '" + s.type + "' (sphere, block, cylinder, torus)");
    for (std::size_t i = 0; i < count; ++i) {
      const double v = number("shape size");
      if (!(v > 0.0)) fail(t, "shape sizes must be positive");
      s.size.push_back(v);
    }
    if (isWord("at")) {
      next();
      s.offset = vector("shape position");
    }
    return s;
  }

  AppliedLoad load(const std::string& keyword) {
    AppliedLoad l;
    (keyword == "force" ? l.force : l.torque) = vector(keyword.c_str());
    for (;;) {
      if (keyword == "force" && isWord("at")) {
        next();
        l.point = vector("point of application");
      } else if (isWord("during")) {
        const Token& t = next();
        l.from = number("start time");
        l.until = peekNumber() ? number("end time") : std::numeric_limits<double>::max();
        if (l.until < l.from) fail(t, "the time interval ends before it starts");
      } else {
        return l;
      }
    }
  }

  // ---- settings ... end ----
  void settings(Description& d) {
    const Token& start = next();
    if (d.hasSettings) fail(start, "settings given twice");
    d.hasSettings = true;
    RigidSettings& s = d.settings;
    for (;;) {
      const Token& t = peek();
      if (t.kind == TokenKind::End) fail(start, "settings without 'end'");
      if (t.kind != TokenKind::Word) fail(t, "expected a setting, found " + describe(t));
      const std::string keyword = t.text;
      next();
      if (keyword == "end") return;
      if (keyword == "gravity") s.gravity = vector("gravity");
      else if (keyword == "timestep") {
        s.timeStep = positive("time step", t);
        if (s.timeStep < RigidSettings::kMinTimeStep)
          fail(t, "the time step must be at least " + std::to_string(RigidSettings::kMinTimeStep) + " s");
      }
      else if (keyword == "substeps") s.substeps = integer("substeps", 1, RigidSettings::kMaxSubsteps);
      else if (keyword == "iterations") s.iterations = integer("iterations", 1, RigidSettings::kMaxIterations);
      else if (keyword == "assembly-iterations")
        s.assemblyIterations = integer("assembly-iterations", 1, RigidSettings::kMaxAssemblyIterations);
      else if (keyword == "tolerance") s.tolerance = positive("tolerance", t);
      else if (keyword == "friction") s.friction = number("friction");
      else if (keyword == "ground") {
        s.ground = true;
        if (peekNumber()) s.groundOffset = number("ground height");
      } else if (keyword == "scheme") {
        s.scheme = name("scheme");
        if (s.scheme != "direct" && s.scheme != "paper" && s.scheme != "paper-momentum")
          fail(t, "scheme must be direct, paper or paper-momentum");
      } else {
        fail(t, "unknown setting '" + keyword + "'");
      }
      semicolon(keyword.c_str());
    }
  }

  std::vector<Token> tokens_;
  std::string file_;
  std::size_t at_ = 0;
};

}  // namespace

Description parseDescription(std::string_view text, const std::string& fileName) {
  return Parser(tokenizeDescription(text, fileName), fileName).run();
}

}  // namespace flexure
