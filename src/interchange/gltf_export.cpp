#include "flexure/interchange/gltf_export.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/interchange/scene_rig.h"
#include "flexure/io/atomic_file.h"
#include "gltf_builder.h"

namespace flexure {

namespace {

using nlohmann::json;

// glTF colours are linear; the palette is sRGB (IEC 61966-2-1 decoding).
float srgbToLinear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }

// One morph target: the deltas of the frame's positions and normals from the first frame,
// dense or as the moved vertices only (whichever is smaller).
struct MorphTarget {
  int sample = 0;  // index of the frame among the sampled frames
  bool sparse = false;
  std::vector<std::uint32_t> indices;  // sparse: moved vertices
  std::vector<float> positions;        // dense: 3 per vertex; sparse: 3 per index
  std::vector<float> normals;          // same layout (empty when no normal changed)
};

// Motion below this fraction of a part's size (positions) or of a unit normal is solver noise
// (the snake's cylinders wobble by 5e-8 in their own space as the solver re-solves their
// frames): it is not stored, so rigid parts get no morph targets. float32 resolves 6e-8, and
// the file is checked against the baked frames to 1e-6 of the scene's size.
constexpr double kNegligibleMotion = 1e-7;

// A run of consecutive sampled frames over which a leaf keeps its topology (vertex count and
// triangles): one glTF mesh, based on the run's first frame, with a morph target per later
// frame that differs from it.
struct LeafRun {
  int firstSample = 0, lastSample = 0;  // indices among the sampled frames
  double positionTolerance = 0.0;
  std::string name;
  std::vector<float> positions, normals, uvs;  // the run's first frame
  std::vector<std::uint32_t> indices;
  std::vector<std::array<int, 3>> triangles;
  std::vector<MorphTarget> targets;
};

// A leaf over the range: one run when its topology never changes (every primitive at a fixed
// resolution), else one run per stretch of constant topology.
struct LeafTrack {
  std::vector<double> lastInputs;  // Ψ values the last tessellation read
  TriangleMesh lastMesh;
  std::vector<LeafRun> runs;
};

struct NodeTrack {
  std::vector<AffineParts> samples;
};

void checkFinite(const TriangleMesh& mesh, int frame) {
  for (std::size_t i = 0; i < mesh.positions.size(); ++i)
    if (!isFinite(mesh.positions[i]) || (i < mesh.normals.size() && !isFinite(mesh.normals[i])))
      throw SaveError("glTF export: \"" + mesh.name + "\" has a non-finite vertex (" + std::to_string(i) + ") at frame " +
                      std::to_string(frame));
}

Vec3d unitOr(const Vec3d& n, const Vec3d& fallback) {
  const double l = norm(n);
  return l > 1e-30 && std::isfinite(l) ? n / l : fallback;
}

// The Ψ values tessellatePathBelow(path, baked) reads: the leaf's, the baked operators' and
// their dependencies' (as Path::nodes, restricted to the baked operators).
std::vector<double> bakedInputs(const Path& path, std::size_t baked, const Eigen::VectorXd& psi) {
  std::vector<const Node*> nodes;
  auto add = [&](const Node* n) {
    nodes.push_back(n);
    for (const Node* d : n->dependencies()) nodes.push_back(d);
  };
  add(path.leaf);
  for (std::size_t k = 0; k < baked && k < path.operators.size(); ++k) add(path.operators[k]);
  std::vector<double> out;
  for (const Node* n : nodes)
    for (int i = 0; i < n->paramCount(); ++i) out.push_back(psi[n->paramOffset() + i]);
  return out;
}

// Collects the sampled frames, then writes them as one glTF document.
class GltfCollector {
 public:
  GltfCollector(const Scene& scene, const GltfExportOptions& options)
      : scene_(scene), options_(options), rig_(buildSceneRig(scene)) {
    nodes_.resize(rig_.nodes.size());
    leaves_.resize(rig_.leaves.size());
  }

  void sample(int frame) {
    const int s = static_cast<int>(frames_.size());
    frames_.push_back(frame);
    const ValueAccess values(scene_.parameters().values());
    for (std::size_t i = 0; i < rig_.nodes.size(); ++i)
      if (rig_.nodes[i].transform)
        nodes_[i].samples.push_back(*affinePartsOf(static_cast<const Operator&>(*rig_.nodes[i].node), values));
    const std::vector<Path> paths = scene_.paths();
    for (std::size_t l = 0; l < rig_.leaves.size(); ++l) {
      const RigLeaf& leaf = rig_.leaves[l];
      LeafTrack& t = leaves_[l];
      // A mesh is a function of the Ψ values its evaluation reads (fields that change during a
      // bake are dynamic state such as velocities, not shape): with the same values as the
      // previous frame it is the previous mesh, so static and rigidly moving parts are
      // tessellated once.
      std::vector<double> inputs = bakedInputs(paths.at(leaf.pathIndex), leaf.bakedOperators, scene_.parameters().values());
      if (s == 0 || inputs != t.lastInputs) {
        t.lastMesh = tessellatePathBelow(paths.at(leaf.pathIndex), values, leaf.bakedOperators, options_.tessellation);
        t.lastInputs = std::move(inputs);
        addLeafSample(t, t.lastMesh, s, frame);
      } else {
        LeafRun& run = t.runs.back();
        run.lastSample = s;
        // Same geometry as the previous frame, which differs from the run's first: same target again.
        if (!run.targets.empty() && run.targets.back().sample == s - 1) {
          MorphTarget again = run.targets.back();
          again.sample = s;
          run.targets.push_back(std::move(again));
        }
      }
    }
  }

  // The document; `fps` only matters with more than one frame.
  gltf::Builder build(double fps, GltfExportResult& result) const {
    gltf::Builder b;
    json& doc = b.doc();
    doc["asset"] = {{"version", "2.0"}, {"generator", options_.generator}};
    doc["scene"] = 0;
    doc["scenes"] = json::array({json{{"nodes", json::array({0})}}});
    doc["nodes"] = json::array();
    doc["meshes"] = json::array();
    doc["materials"] = json::array();
    std::map<std::array<float, 3>, int> materialOf;
    // The glTF node of each run of each leaf: the leaf's own node when it has one run; else
    // one child node per run, shown only during its run (writeAnimation).
    std::vector<std::vector<int>> runNodes(leaves_.size());

    for (std::size_t i = 0; i < rig_.nodes.size(); ++i) {
      const RigNode& r = rig_.nodes[i];
      json node = json::object();
      if (!r.node->name().empty()) node["name"] = r.node->name();
      if (r.transform) writeTransform(nodes_[i].samples.front(), node);
      doc["nodes"].push_back(node);
      if (r.parent >= 0) doc["nodes"][static_cast<std::size_t>(r.parent)]["children"].push_back(i);
    }
    for (std::size_t l = 0; l < leaves_.size(); ++l) {
      const LeafTrack& t = leaves_[l];
      const int leafNode = rig_.leaves[l].node;
      runNodes[l].assign(t.runs.size(), -1);
      for (std::size_t k = 0; k < t.runs.size(); ++k) {
        const LeafRun& run = t.runs[k];
        if (run.indices.empty()) continue;  // nothing to draw (an empty mesh)
        // A split leaf's runs are named after the frames they show: "pipe frames 0-11".
        const std::string name =
            t.runs.size() == 1 ? run.name
                               : run.name + " frames " + std::to_string(frames_[static_cast<std::size_t>(run.firstSample)]) + "-" +
                                     std::to_string(frames_[static_cast<std::size_t>(run.lastSample)]);
        const int mesh = addMesh(b, run, name, rig_.leaves[l].pathIndex, materialOf, result);
        if (t.runs.size() == 1) {
          doc["nodes"][static_cast<std::size_t>(leafNode)]["mesh"] = mesh;
          runNodes[l][k] = leafNode;
          continue;
        }
        json node = {{"name", name}, {"mesh", mesh}};
        if (k > 0) node["scale"] = {0.0, 0.0, 0.0};  // without animation the range's first frame shows
        doc["nodes"].push_back(node);
        runNodes[l][k] = static_cast<int>(doc["nodes"].size()) - 1;
        doc["nodes"][static_cast<std::size_t>(leafNode)]["children"].push_back(runNodes[l][k]);
      }
      if (t.runs.size() > 1) ++result.splitMeshes;
    }
    if (frames_.size() > 1) writeAnimation(b, fps, runNodes, result);
    result.frames = static_cast<int>(frames_.size());
    result.nodes = static_cast<int>(doc["nodes"].size());
    result.meshes = static_cast<int>(doc["meshes"].size());
    return b;
  }

 private:
  // One run's glTF mesh (base attributes, indices, material, morph targets); its index.
  int addMesh(gltf::Builder& b, const LeafRun& run, const std::string& name, std::size_t pathIndex,
              std::map<std::array<float, 3>, int>& materialOf, GltfExportResult& result) const {
    json primitive;
    primitive["attributes"]["POSITION"] = b.addFloats(run.positions, 3, gltf::kArrayBuffer, true);
    primitive["attributes"]["NORMAL"] = b.addFloats(run.normals, 3, gltf::kArrayBuffer, false);
    if (!run.uvs.empty()) primitive["attributes"]["TEXCOORD_0"] = b.addFloats(run.uvs, 2, gltf::kArrayBuffer, false);
    const std::size_t vertexCount = run.positions.size() / 3;
    primitive["indices"] = b.addIndices(run.indices, vertexCount);
    primitive["material"] = material(b, pathIndex, materialOf);
    json mesh;
    mesh["name"] = name;
    if (!run.targets.empty()) {
      json names = json::array();
      for (const MorphTarget& m : run.targets) {
        json target;
        target["POSITION"] = m.sparse ? b.addSparseFloats(vertexCount, 3, m.indices, m.positions, true)
                                      : b.addFloats(m.positions, 3, gltf::kArrayBuffer, true);
        if (!m.normals.empty())
          target["NORMAL"] = m.sparse ? b.addSparseFloats(vertexCount, 3, m.indices, m.normals, false)
                                      : b.addFloats(m.normals, 3, gltf::kArrayBuffer, false);
        else
          target["NORMAL"] = zeroAccessor(b, vertexCount);
        primitive["targets"].push_back(target);
        names.push_back("frame " + std::to_string(frames_[static_cast<std::size_t>(m.sample)]));
      }
      mesh["weights"] = std::vector<double>(run.targets.size(), 0.0);
      mesh["extras"]["targetNames"] = names;  // Blender names the shape keys after these
      result.morphTargets += static_cast<int>(run.targets.size());
    }
    mesh["primitives"] = json::array({primitive});
    b.doc()["meshes"].push_back(mesh);
    return static_cast<int>(b.doc()["meshes"].size()) - 1;
  }

  static void writeTransform(const AffineParts& p, json& node) {
    if (p.translation.x != 0.0 || p.translation.y != 0.0 || p.translation.z != 0.0)
      node["translation"] = {p.translation.x, p.translation.y, p.translation.z};
    const Quatd q = normalized(p.rotation);
    if (q.x != 0.0 || q.y != 0.0 || q.z != 0.0) node["rotation"] = {q.x, q.y, q.z, q.w};  // glTF order x, y, z, w
    if (p.scale.x != 1.0 || p.scale.y != 1.0 || p.scale.z != 1.0) node["scale"] = {p.scale.x, p.scale.y, p.scale.z};
  }

  static int zeroAccessor(gltf::Builder& b, std::size_t count) {
    // No buffer view: every element is zero (glTF 2.0 §3.6.2.1); min/max are not required.
    b.doc()["accessors"].push_back({{"componentType", gltf::kFloat}, {"count", count}, {"type", "VEC3"}});
    return static_cast<int>(b.doc()["accessors"].size()) - 1;
  }

  int material(gltf::Builder& b, std::size_t pathIndex, std::map<std::array<float, 3>, int>& materialOf) const {
    const std::array<float, 3> srgb = options_.partColor ? options_.partColor(pathIndex) : std::array<float, 3>{0.8f, 0.8f, 0.8f};
    const auto found = materialOf.find(srgb);
    if (found != materialOf.end()) return found->second;
    json m;
    m["name"] = "part " + std::to_string(materialOf.size());
    m["pbrMetallicRoughness"] = {
        {"baseColorFactor", {srgbToLinear(srgb[0]), srgbToLinear(srgb[1]), srgbToLinear(srgb[2]), 1.0}},
        {"metallicFactor", 0.0},
        {"roughnessFactor", 0.6}};
    m["doubleSided"] = true;  // the viewport shades both sides of open surfaces
    b.doc()["materials"].push_back(m);
    const int index = static_cast<int>(b.doc()["materials"].size()) - 1;
    materialOf.emplace(srgb, index);
    return index;
  }

  // A run whose base is sample s's mesh.
  void startRun(LeafTrack& t, const TriangleMesh& mesh, int s) const {
    LeafRun run;
    run.firstSample = run.lastSample = s;
    const std::size_t n = mesh.positions.size();
    run.triangles = mesh.triangles;
    run.positions.reserve(3 * n);
    run.normals.reserve(3 * n);
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3d& p = mesh.positions[i];
      const Vec3d nn = unitOr(i < mesh.normals.size() ? mesh.normals[i] : Vec3d(0, 0, 1), Vec3d(0, 0, 1));
      run.positions.insert(run.positions.end(), {float(p.x), float(p.y), float(p.z)});
      run.normals.insert(run.normals.end(), {float(nn.x), float(nn.y), float(nn.z)});
    }
    if (mesh.uvs.size() == n)
      for (const auto& uv : mesh.uvs) run.uvs.insert(run.uvs.end(), {float(uv[0]), float(uv[1])});
    for (const auto& tri : mesh.triangles)
      for (int k : tri) run.indices.push_back(static_cast<std::uint32_t>(k));
    Bounds3 box;
    for (const Vec3d& p : mesh.positions) box.extend(p);
    run.positionTolerance = box.empty() ? 0.0 : kNegligibleMotion * norm(box.hi - box.lo);
    run.name = mesh.name;
    t.runs.push_back(std::move(run));
  }

  void addLeafSample(LeafTrack& t, TriangleMesh& mesh, int s, int frame) {
    checkFinite(mesh, frame);
    const std::size_t n = mesh.positions.size();
    // A new run where the topology changes: morph targets can only move the vertices of one
    // vertex list drawn with one index list.
    if (t.runs.empty() || n * 3 != t.runs.back().positions.size() || mesh.triangles != t.runs.back().triangles) {
      startRun(t, mesh, s);
      return;
    }
    LeafRun& run = t.runs.back();
    run.lastSample = s;
    // Deltas against the stored float32 base, so base + delta rounds to the frame's vertex.
    MorphTarget m;
    m.sample = s;
    std::vector<float> dp(3 * n), dn(3 * n);
    std::size_t moved = 0;
    bool normalsMoved = false;
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3d& p = mesh.positions[i];
      const Vec3d nn = unitOr(i < mesh.normals.size() ? mesh.normals[i] : Vec3d(0, 0, 1), Vec3d(0, 0, 1));
      bool any = false;
      for (int c = 0; c < 3; ++c) {
        const std::size_t k = 3 * i + static_cast<std::size_t>(c);
        dp[k] = float(p[c] - double(run.positions[k]));
        dn[k] = float(nn[c] - double(run.normals[k]));
        any = any || std::abs(dp[k]) > run.positionTolerance || std::abs(dn[k]) > kNegligibleMotion;
      }
      if (any) {
        ++moved;
        normalsMoved = normalsMoved || dn[3 * i] != 0.0f || dn[3 * i + 1] != 0.0f || dn[3 * i + 2] != 0.0f;
      } else {
        std::fill_n(dp.begin() + static_cast<std::ptrdiff_t>(3 * i), 3, 0.0f);
        std::fill_n(dn.begin() + static_cast<std::ptrdiff_t>(3 * i), 3, 0.0f);
      }
    }
    if (moved == 0) return;  // this frame shows the base: all weights zero
    // Sparse costs 4 + 24 bytes per moved vertex, dense 24 per vertex.
    m.sparse = moved * 28 < n * 24;
    if (m.sparse) {
      for (std::size_t i = 0; i < n; ++i) {
        const float* a = &dp[3 * i];
        const float* b = &dn[3 * i];
        if (a[0] == 0 && a[1] == 0 && a[2] == 0 && b[0] == 0 && b[1] == 0 && b[2] == 0) continue;
        m.indices.push_back(static_cast<std::uint32_t>(i));
        m.positions.insert(m.positions.end(), a, a + 3);
        if (normalsMoved) m.normals.insert(m.normals.end(), b, b + 3);
      }
    } else {
      m.positions = std::move(dp);
      if (normalsMoved) m.normals = std::move(dn);
    }
    run.targets.push_back(std::move(m));
  }

  void writeAnimation(gltf::Builder& b, double fps, const std::vector<std::vector<int>>& runNodes, GltfExportResult& result) const {
    json animation;
    animation["name"] = "frames " + std::to_string(frames_.front()) + "-" + std::to_string(frames_.back());
    std::vector<float> times;
    for (int f : frames_) times.push_back(static_cast<float>(f / fps));
    std::optional<int> input;
    auto addChannel = [&](int output, int node, const char* path, std::optional<int> ownInput = {},
                          const char* interpolation = "LINEAR") {
      if (!ownInput && !input) input = b.addFloats(times, 1, 0, true);  // inputs need min and max
      animation["samplers"].push_back({{"input", ownInput ? *ownInput : *input}, {"output", output}, {"interpolation", interpolation}});
      animation["channels"].push_back(
          {{"sampler", animation["samplers"].size() - 1}, {"target", {{"node", node}, {"path", path}}}});
    };
    for (std::size_t i = 0; i < rig_.nodes.size(); ++i) {
      if (!rig_.nodes[i].transform) continue;
      const std::vector<AffineParts>& s = nodes_[i].samples;
      std::vector<float> t, r, sc;
      Quatd previous = normalized(s.front().rotation);
      for (const AffineParts& p : s) {
        Quatd q = normalized(p.rotation);
        // q and -q are the same rotation; stay on previous's hemisphere so LINEAR (slerp) between
        // samples takes the short way.
        if (q.w * previous.w + q.x * previous.x + q.y * previous.y + q.z * previous.z < 0.0) q = Quatd(-q.w, -q.x, -q.y, -q.z);
        previous = q;
        t.insert(t.end(), {float(p.translation.x), float(p.translation.y), float(p.translation.z)});
        r.insert(r.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
        sc.insert(sc.end(), {float(p.scale.x), float(p.scale.y), float(p.scale.z)});
      }
      auto varies = [](const std::vector<float>& v, std::size_t k) {
        for (std::size_t j = k; j < v.size(); ++j)
          if (v[j] != v[j % k]) return true;
        return false;
      };
      const int node = static_cast<int>(i);
      if (varies(t, 3)) addChannel(b.addFloats(t, 3, 0, false), node, "translation"), ++result.transformChannels;
      if (varies(r, 4)) addChannel(b.addFloats(r, 4, 0, false), node, "rotation"), ++result.transformChannels;
      if (varies(sc, 3)) addChannel(b.addFloats(sc, 3, 0, false), node, "scale"), ++result.transformChannels;
    }
    for (std::size_t l = 0; l < leaves_.size(); ++l) {
      const std::vector<LeafRun>& runs = leaves_[l].runs;
      for (std::size_t k = 0; k < runs.size(); ++k) {
        const LeafRun& run = runs[k];
        const int node = runNodes[l][k];
        if (node < 0) continue;  // an empty run: no node
        if (runs.size() > 1) {
          // Visibility, the way glTF has it: the node's scale, 0 outside the run and 1 inside,
          // STEP-interpolated, keyed only where it switches (STEP holds the last key's value,
          // and the first key's before it). A switch is keyed half a frame before the frame it
          // belongs to, not at its time: the sampled times then lie well inside a step, so a
          // reader comparing its time with float32 key times never sees the neighbouring run.
          std::vector<float> keyTimes, scales;
          auto key = [&](double time, float scale) {
            keyTimes.push_back(static_cast<float>(time));
            scales.insert(scales.end(), {scale, scale, scale});
          };
          auto switchBefore = [&](int sample) {
            const std::size_t k = static_cast<std::size_t>(sample);
            return 0.5 * (frames_[k - 1] + frames_[k]) / fps;
          };
          if (run.firstSample > 0) {
            key(frames_.front() / fps, 0.0f);
            key(switchBefore(run.firstSample), 1.0f);
          } else {
            key(frames_.front() / fps, 1.0f);
          }
          if (run.lastSample + 1 < static_cast<int>(frames_.size())) key(switchBefore(run.lastSample + 1), 0.0f);
          addChannel(b.addFloats(scales, 3, 0, false), node, "scale", b.addFloats(keyTimes, 1, 0, true), "STEP");
          ++result.visibilityChannels;
        }
        if (run.targets.empty()) continue;
        // Weights for frame s: 1 for its target (if it has one), 0 elsewhere. Stored sparse: one
        // index and one value per target instead of frames × targets floats. (Outside the run
        // the weights are 0 and the node is hidden.)
        const std::size_t targets = run.targets.size();
        std::vector<std::uint32_t> indices;
        std::vector<float> ones;
        for (std::size_t m = 0; m < targets; ++m) {
          indices.push_back(static_cast<std::uint32_t>(static_cast<std::size_t>(run.targets[m].sample) * targets + m));
          ones.push_back(1.0f);
        }
        addChannel(b.addSparseFloats(frames_.size() * targets, 1, indices, ones, false), node, "weights");
      }
    }
    if (animation.contains("channels")) b.doc()["animations"] = json::array({animation});
  }

  const Scene& scene_;
  const GltfExportOptions& options_;
  SceneRig rig_;
  std::vector<int> frames_;
  std::vector<NodeTrack> nodes_;
  std::vector<LeafTrack> leaves_;
};

std::size_t writeDocument(gltf::Builder& b, const std::string& path) {
  std::filesystem::path file(path);
  std::string ext = file.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".gltf") {
    const std::string binName = file.stem().string() + ".bin";
    std::string json = b.gltfJson(binName);
    std::size_t bytes = json.size();
    if (!b.binary().empty()) {
      writeFileAtomically((file.parent_path() / binName).string(), b.binary());
      bytes += b.binary().size();
    }
    writeFileAtomically(path, json);
    return bytes;
  }
  if (ext != ".glb") throw SaveError("glTF export: \"" + path + "\" should end in .glb or .gltf");
  const std::string bytes = b.glb();
  writeFileAtomically(path, bytes);
  return bytes.size();
}

}  // namespace

GltfExportResult exportGltf(const Scene& scene, const std::string& path, const GltfExportOptions& options) {
  GltfCollector collector(scene, options);
  collector.sample(0);
  GltfExportResult result;
  gltf::Builder b = collector.build(24.0, result);
  result.bytes = writeDocument(b, path);
  return result;
}

GltfExportResult exportGltfAnimation(BakeSession& session, FrameRange range, const std::string& path,
                                     const GltfExportOptions& options, const GltfExportProgressCallback& progress,
                                     const std::atomic<bool>* cancel) {
  const int start = session.timeline().startFrame;
  if (range.first < start)
    throw std::invalid_argument("frame " + std::to_string(range.first) + " is before the timeline's start frame " +
                                std::to_string(start));
  GltfExportResult result;
  GltfCollector collector(session.scene(), options);
  const int total = range.count();
  for (int f = range.first; f <= range.last; ++f) {
    if (cancel && cancel->load()) {
      result.cancelled = true;
      return result;
    }
    const BakeOutcome reached = session.goToFrame(f, cancel);
    if (reached.cancelled || reached.shownFrame != f) {
      result.cancelled = true;
      return result;
    }
    collector.sample(f);
    if (progress) progress({f, f - range.first + 1, total});
  }
  gltf::Builder b = collector.build(session.timeline().fps, result);
  result.bytes = writeDocument(b, path);
  return result;
}

}  // namespace flexure
