#include "flexure/interchange/mesh_import.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/LogStream.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <new>
#include <sstream>
#include <string_view>
#include <stdexcept>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/core/operators/group.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/scene.h"
#include "flexure/io/atomic_file.h"
#include "flexure/interchange/import_limits.h"
#include "isolated_read.h"

// Debian's assimp 5.2.5 is built with its internal assertions on (ASSIMP_BUILD_DEBUG), and a
// failed one calls Assimp::aiAssertViolation, which aborts: a truncated PLY stops the whole
// application in TriangulateProcess. Newer assimp lets the caller install a handler
// (setAiAssertHandler); this one has no such entry point, so the program defines the function
// itself, which the dynamic linker binds in place of the library's (the library calls it through
// its PLT). It throws instead; assimp's importer turns exceptions into a failed read, and
// readMeshesWithAssimp catches whatever escapes, so a broken file is a LoadError, not a crash.
namespace Assimp {
[[noreturn]] void aiAssertViolation(const char* failedExpression, const char* file, int line) {
  throw std::runtime_error(std::string("inconsistent data (assimp: ") + failedExpression + " in " + file + ":" +
                           std::to_string(line) + ")");
}
}  // namespace Assimp

namespace flexure {

namespace {

// More vertices or triangles than this in one file is refused before it is copied: a corrupt
// count must not turn into gigabytes of allocation.
constexpr std::size_t kMaxElements = 50'000'000;

[[noreturn]] void fail(const std::string& file, const std::string& message) { throw LoadError({file, 0, 0}, "", message); }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

unsigned postProcessFlags(const std::string& extension) {
  unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType |
                   aiProcess_ValidateDataStructure;
  // STL stores one normal per face; with them every corner is a distinct vertex and no edge is
  // shared. Dropping them welds the mesh (normals are recomputed, area weighted).
  if (extension == "stl") flags |= aiProcess_RemoveComponent;
  return flags;
}

// `skipped` receives the meshes of points or lines, which carry no surface.
void collect(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent, const std::string& file,
             const MeshImportOptions& options, ImportedMeshes& out, std::vector<std::string>& skipped, std::size_t& elements) {
  const aiMatrix4x4 world = parent * node.mTransformation;
  aiMatrix3x3 normalMatrix(world);
  normalMatrix.Inverse().Transpose();
  for (unsigned k = 0; k < node.mNumMeshes; ++k) {
    if (node.mMeshes[k] >= scene.mNumMeshes) fail(file, "node \"" + std::string(node.mName.C_Str()) + "\" names a missing mesh");
    const aiMesh& m = *scene.mMeshes[node.mMeshes[k]];
    std::string name = m.mName.length > 0 ? m.mName.C_Str() : node.mName.C_Str();
    if (name.empty()) name = "mesh" + std::to_string(out.meshes.size() + 1);
    if (!(m.mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) {
      // SortByPType split mixed meshes, so this one is points or lines through and through.
      skipped.push_back("\"" + name + "\" (" + ((m.mPrimitiveTypes & aiPrimitiveType_LINE) ? "lines" : "points") + ")");
      continue;
    }
    elements += m.mNumVertices + m.mNumFaces;
    if (elements > kMaxElements) fail(file, "more than " + std::to_string(kMaxElements) + " vertices and triangles");
    TriangleMesh mesh;
    mesh.name = name;
    mesh.positions.reserve(m.mNumVertices);
    const bool normals = m.mNormals != nullptr;
    const bool uvs = m.mTextureCoords[0] != nullptr;
    for (unsigned i = 0; i < m.mNumVertices; ++i) {
      const aiVector3D p = world * m.mVertices[i];
      const Vec3d x(p.x, p.y, p.z);
      if (!isFinite(x))
        fail(file, "mesh \"" + name + "\": vertex " + std::to_string(i) + " has a coordinate that is not a finite number");
      mesh.positions.push_back(x);
      if (normals) {
        aiVector3D n = normalMatrix * m.mNormals[i];
        const Vec3d nv(n.x, n.y, n.z);
        const double l = norm(nv);
        mesh.normals.push_back(l > 0 && std::isfinite(l) ? nv / l : Vec3d());
      }
      if (uvs) mesh.uvs.push_back({m.mTextureCoords[0][i].x, m.mTextureCoords[0][i].y});
    }
    for (unsigned f = 0; f < m.mNumFaces; ++f) {
      const aiFace& face = m.mFaces[f];
      if (face.mNumIndices != 3) continue;  // points and lines of a mixed mesh (SortByPType split them)
      std::array<int, 3> t{};
      for (unsigned c = 0; c < 3; ++c) {
        if (face.mIndices[c] >= m.mNumVertices)
          fail(file, "mesh \"" + name + "\": triangle " + std::to_string(f) + " uses vertex " + std::to_string(face.mIndices[c]) +
                         " of " + std::to_string(m.mNumVertices));
        t[c] = static_cast<int>(face.mIndices[c]);
      }
      mesh.triangles.push_back(t);
    }
    if (mesh.triangles.empty()) {
      out.warnings.push_back("mesh \"" + name + "\" has no triangles; skipped");
      continue;
    }
    // A mirroring node transform reverses the winding.
    if (world.Determinant() < 0)
      for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
    // Normals that are missing or degenerate anywhere are recomputed from the triangles.
    const bool usable = mesh.normals.size() == mesh.positions.size() &&
                        std::none_of(mesh.normals.begin(), mesh.normals.end(), [](const Vec3d& n) { return squaredNorm(n) == 0.0; });
    if (!usable) {
      mesh.normals.clear();
      mesh.computeVertexNormals();
    }
    // Then into scene units and axes, as a mesh node's "source" is (mesh_import_options.h).
    if (const std::size_t bad = applyMeshImportOptions(mesh, options); bad != kAllFinite)
      fail(file, "mesh \"" + name + "\": vertex " + std::to_string(bad) + " is not a finite number after the unit scale");
    if (const std::string w = manifoldWarning(mesh); !w.empty()) out.warnings.push_back("mesh \"" + name + "\": " + w);
    out.meshes.push_back(std::move(mesh));
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c)
    collect(scene, *node.mChildren[c], world, file, options, out, skipped, elements);
}

// "2 cameras, 1 light and 1 animation": what the file holds beside its meshes, which Flexure
// does not import.
std::string leftOut(const aiScene& scene) {
  std::vector<std::string> parts;
  auto count = [&](unsigned n, const char* one, const char* many) {
    if (n > 0) parts.push_back(std::to_string(n) + " " + (n == 1 ? one : many));
  };
  count(scene.mNumCameras, "camera", "cameras");
  count(scene.mNumLights, "light", "lights");
  count(scene.mNumAnimations, "animation", "animations");
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : ", ") + items[i];
  return text;
}

ImportedMeshes convert(const aiScene* scene, Assimp::Importer& importer, const std::string& file, const MeshImportOptions& options,
                       const std::vector<std::string>& readerWarnings) {
  if (!scene) {
    std::string why = importer.GetErrorString();
    fail(file, why.empty() ? "not a readable mesh file" : why);
  }
  if (!scene->mRootNode) fail(file, "the file holds no scene (no root node)");
  if (!std::isfinite(options.scale) || options.scale == 0.0) fail(file, "the unit scale must be a non-zero finite number");
  // assimp flags a scene "incomplete" when its reader stored no mesh (a Collada file of cameras
  // and lights, or whose geometry its nodes do not reach; a glTF file without meshes) and would
  // then make up a "skeleton" mesh of the node tree (configure() turns that off). The meshes
  // that are there decide, not the flag (issue 28).
  ImportedMeshes out;
  std::vector<std::string> skipped;
  std::size_t elements = 0;
  collect(*scene, *scene->mRootNode, aiMatrix4x4(), file, options, out, skipped, elements);
  const std::string others = leftOut(*scene);
  if (out.meshes.empty()) {
    if (!skipped.empty())
      fail(file, "the file has no triangles (points or lines only: " + joined(skipped) +
                     "), which Flexure cannot use as a surface");
    std::string message = "no triangle mesh in the file";
    if (!others.empty()) message += "; it holds " + others + ", which Flexure does not import";
    if (!readerWarnings.empty()) message += " (the reader said: " + readerWarnings.front() + ")";
    fail(file, message);
  }
  if (!skipped.empty())
    out.warnings.push_back("left out " + joined(skipped) + ": no triangles, which Flexure cannot use as a surface");
  if (!others.empty()) out.warnings.push_back("left out " + others + ": Flexure imports meshes only");
  return out;
}

// assimp's warnings and errors while it reads (DefaultLogger is process-wide: this runs in the
// child process, or in a fuzz target, one read at a time). "Collada: Unable to find geometry for
// ID "x". Skipping." says why a file that names a mesh came out without one.
class ReaderWarnings {
 public:
  ReaderWarnings() {
    Assimp::DefaultLogger::create("", Assimp::Logger::NORMAL, 0);
    // The logger owns and deletes the stream.
    Assimp::DefaultLogger::get()->attachStream(new Stream(messages_), Assimp::Logger::Warn | Assimp::Logger::Err);
  }
  ~ReaderWarnings() { Assimp::DefaultLogger::kill(); }
  ReaderWarnings(const ReaderWarnings&) = delete;
  ReaderWarnings& operator=(const ReaderWarnings&) = delete;
  const std::vector<std::string>& messages() const { return messages_; }

 private:
  class Stream : public Assimp::LogStream {
   public:
    explicit Stream(std::vector<std::string>& into) : into_(into) {}
    void write(const char* message) override {
      if (into_.size() >= 16) return;
      std::string text = message;
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
      // "Warn,  T0: Collada: ..." → "Collada: ..."
      if (const auto at = text.find(": "); at != std::string::npos && at < 16) text = text.substr(at + 2);
      into_.push_back(text);
    }

   private:
    std::vector<std::string>& into_;
  };
  std::vector<std::string> messages_;
};

// PLY announces its element counts in the header, and assimp's reader quietly stops at the end
// of the data when there are fewer. Check the counts against the data first: each element is
// one line in ASCII, and at least its fixed-size properties (and list lengths) in binary.
//
// `declaredPly`: the name or hint says PLY, so assimp will use its PLY reader whatever the bytes
// are; and assimp also takes "Ply" or "PLY" for the magic. Either way the header is checked
// (a timeout fuzz_mesh_import found: "Ply" and no "end_header").
void checkPlyCounts(std::string_view bytes, const std::string& file, bool declaredPly) {
  if (!declaredPly && lower(std::string(bytes.substr(0, 3))) != "ply") return;  // not PLY: assimp's message
  // The lines of the header that say what the data is are checked against the PLY grammar
  // before assimp sees them: its 5.2.5 parser runs on without end when "end_header" is missing or
  // shares its line with other text, or a property has an unknown type (timeouts found by
  // fuzz_mesh_import).
  struct Element {
    std::string name;
    unsigned long long count = 0;
    std::size_t minBytes = 0;
  };
  std::vector<Element> elements;
  auto sizeOf = [](const std::string& t) -> std::size_t {
    if (t == "char" || t == "uchar" || t == "int8" || t == "uint8") return 1;
    if (t == "short" || t == "ushort" || t == "int16" || t == "uint16") return 2;
    if (t == "int" || t == "uint" || t == "float" || t == "int32" || t == "uint32" || t == "float32") return 4;
    if (t == "double" || t == "float64") return 8;
    return 0;
  };
  std::string format;
  std::size_t at = 0, dataStart = std::string_view::npos;
  for (int lineNumber = 1; at < bytes.size(); ++lineNumber) {
    std::size_t end = bytes.find('\n', at);
    if (end == std::string_view::npos) end = bytes.size();
    std::string line(bytes.substr(at, end - at));
    at = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    auto bad = [&](const std::string& what) {
      throw LoadError({file, lineNumber, 1}, "", "PLY header: " + what);
    };
    std::istringstream words(line);
    std::string keyword;
    words >> keyword;
    if (lineNumber == 1) {
      if (line != "ply") bad("the first line must be \"ply\"");
      continue;
    }
    if (keyword == "end_header") {
      if (line != "end_header") bad("\"end_header\" must stand alone on its line");
      dataStart = at;
      break;
    }
    if (keyword == "comment" || keyword == "obj_info") continue;
    // The word anywhere else on a line: assimp's parser may take it for the end and then run on.
    if (line.find("end_header") != std::string::npos) bad("\"end_header\" must stand alone on its line");
    if (keyword == "format") {
      std::string version;
      words >> format >> version;
      if ((format != "ascii" && format != "binary_little_endian" && format != "binary_big_endian") || version != "1.0")
        bad("unknown format \"" + line.substr(std::min<std::size_t>(7, line.size())) + "\"");
    } else if (keyword == "element") {
      Element e;
      std::string count;
      words >> e.name >> count;
      try {
        std::size_t used = 0;
        e.count = std::stoull(count, &used);
        if (used != count.size()) throw std::invalid_argument(count);
      } catch (const std::exception&) {
        bad("element \"" + e.name + "\" has no valid count (\"" + count + "\")");
      }
      if (e.count > kMaxElements)
        bad("element \"" + e.name + "\" announces " + count + " entries (more than " + std::to_string(kMaxElements) + ")");
      elements.push_back(e);
    } else if (keyword == "property") {
      if (elements.empty()) bad("a property before any element");
      std::string type, name;
      words >> type;
      if (type == "list") {
        std::string countType, itemType;
        words >> countType >> itemType >> name;
        if (sizeOf(countType) == 0 || sizeOf(itemType) == 0) bad("unknown list types \"" + countType + " " + itemType + "\"");
        type = countType;  // the items may be none
      } else {
        words >> name;
        if (sizeOf(type) == 0) bad("unknown property type \"" + type + "\"");
      }
      if (name.empty()) bad("a property without a name");
      elements.back().minBytes += sizeOf(type);
    }
    // Any other line is free text that no reader needs, as assimp takes it: Blender 2.47 wrote
    // "Created by Blender3D 247 - www.blender.org" between "format" and "element" (issue 28).
    // The protection against endless reads does not rest on such lines but on the checks above:
    // the magic, a lone "end_header", known formats and property types, and counts the data holds.
  }
  if (dataStart == std::string_view::npos) fail(file, "PLY header has no end_header line");
  if (format.empty()) fail(file, "PLY header has no format line");
  const std::string_view data = bytes.substr(std::min(dataStart, bytes.size()));
  unsigned long long announced = 0;
  std::string counts;
  for (const Element& e : elements) {
    announced += e.count;
    counts += (counts.empty() ? "" : ", ") + e.name + " " + std::to_string(e.count);
  }
  if (format == "ascii") {
    unsigned long long lines = 0;
    std::size_t pos = 0;
    while (pos < data.size()) {
      std::size_t end = data.find('\n', pos);
      if (end == std::string_view::npos) end = data.size();
      if (data.substr(pos, end - pos).find_first_not_of(" \t\r") != std::string_view::npos) ++lines;
      pos = end + 1;
    }
    if (lines < announced)
      fail(file, "PLY header announces " + counts + " (" + std::to_string(announced) + " lines) but the data has " +
                     std::to_string(lines) + " lines (truncated, or wrong counts)");
  } else {
    unsigned long long needed = 0;
    for (const Element& e : elements) needed += e.count * e.minBytes;
    if (data.size() < needed)
      fail(file, "PLY header announces " + counts + ", at least " + std::to_string(needed) + " bytes of data, but the file has " +
                     std::to_string(data.size()) + " (truncated, or wrong counts)");
  }
}

void configure(Assimp::Importer& importer) {
  importer.SetPropertyInteger(AI_CONFIG_PP_RVC_FLAGS, aiComponent_NORMALS);
  // Points and lines are kept (SortByPType only splits them off), so that collect() can say
  // which were left out, and a file of nothing else is refused as such instead of with assimp's
  // "No meshes remaining" (issue 28).
  // No made-up geometry: without a mesh, assimp would draw the node tree as a "skeleton" mesh.
  importer.SetPropertyInteger(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, 1);
}

}  // namespace

const std::vector<std::string>& assimpMeshExtensions() {
  static const std::vector<std::string> extensions{".stl", ".ply", ".gltf", ".glb", ".fbx", ".dae", ".3ds"};
  return extensions;
}

ImportedMeshes readMeshesWithAssimp(const std::string& path, const MeshImportOptions& options) {
  return readInChildProcess(path, [&] { return readMeshesHere(path, options); }, meshImportLimits());
}

ImportedMeshes readMeshesFromMemory(const std::string& bytes, const std::string& hint, const std::string& sourceName,
                                    const MeshImportOptions& options) {
  return readInChildProcess(sourceName, [&] { return readMeshesFromMemoryHere(bytes, hint, sourceName, options); },
                            meshImportLimits());
}

ImportedMeshes readMeshesHere(const std::string& path, const MeshImportOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) fail(path, "cannot open the file (missing or not a regular file)");
  const std::string ext = lower(std::filesystem::path(path).extension().string().substr(
      std::min<std::size_t>(1, std::filesystem::path(path).extension().string().size())));
  try {
    if (ext == "ply") checkPlyCounts(readWholeFile(path), path, true);
    const ReaderWarnings warnings;
    Assimp::Importer importer;
    configure(importer);
    const aiScene* scene = importer.ReadFile(path, postProcessFlags(ext));
    return convert(scene, importer, path, options, warnings.messages());
  } catch (const LoadError&) {
    throw;
  } catch (const std::bad_alloc&) {
    fail(path, "the importer ran out of memory: the file's counts are corrupt, or it is too large");
  } catch (const std::exception& e) {
    fail(path, e.what());
  }
}

ImportedMeshes readMeshesFromMemoryHere(const std::string& bytes, const std::string& hint, const std::string& sourceName,
                                        const MeshImportOptions& options) {
  try {
    checkPlyCounts(bytes, sourceName, lower(hint) == "ply");
    const ReaderWarnings warnings;
    Assimp::Importer importer;
    configure(importer);
    const aiScene* scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), postProcessFlags(lower(hint)), hint.c_str());
    return convert(scene, importer, sourceName, options, warnings.messages());
  } catch (const LoadError&) {
    throw;
  } catch (const std::bad_alloc&) {
    fail(sourceName, "the importer ran out of memory: the file's counts are corrupt, or it is too large");
  } catch (const std::exception& e) {
    fail(sourceName, e.what());
  }
}

TriangleMesh readMeshFileWithAssimp(const std::string& path) {
  ImportedMeshes read = readMeshesWithAssimp(path);
  TriangleMesh all;
  for (const TriangleMesh& m : read.meshes) all.append(m);
  all.name = std::filesystem::path(path).stem().string();
  return all;
}

std::vector<std::string> importMeshFile(const std::string& path, Scene& into, const MeshImportOptions& options) {
  ImportedMeshes read = readMeshesWithAssimp(path, options);
  // Built apart and added in one step: nothing is half-imported.
  auto group = std::make_unique<GroupOperator>();
  group->setName(std::filesystem::path(path).stem().string());
  for (TriangleMesh& m : read.meshes) {
    auto node = std::make_unique<MeshPrimitive>();
    node->setName(m.name);
    node->setMesh(std::move(m));
    group->addChild(std::move(node));
  }
  into.add(std::move(group));
  return read.warnings;
}

std::string manifoldWarning(const TriangleMesh& mesh) {
  // Every directed edge must occur once and its reverse once: then each edge has exactly two
  // triangles, consistently oriented (a closed 2-manifold, whose inside is defined).
  std::map<std::pair<int, int>, int> directed;
  for (const auto& t : mesh.triangles)
    for (int k = 0; k < 3; ++k) ++directed[{t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)]}];
  std::size_t open = 0, bad = 0;
  for (const auto& [edge, count] : directed) {
    const auto reverse = directed.find({edge.second, edge.first});
    const int back = reverse == directed.end() ? 0 : reverse->second;
    if (count > 1 || back > 1) ++bad;
    else if (back == 0) ++open;
  }
  if (open == 0 && bad == 0) return {};
  std::string w = "the mesh is ";
  if (open > 0) w += "open (" + std::to_string(open) + " boundary edges)";
  if (open > 0 && bad > 0) w += " and ";
  if (bad > 0) w += "non-manifold or inconsistently oriented (" + std::to_string(bad) + " edges)";
  return w + "; its inside and outside are undefined, so signed distance, collisions and volumes may be wrong";
}

}  // namespace flexure
