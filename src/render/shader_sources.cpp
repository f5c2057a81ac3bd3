#include "shader_sources.h"

namespace flexure::render_detail::shaders {

const char* const kMeshVertex = R"glsl(
#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aStyle;  // batched scene meshes: sRGB colour, selection (0, 0.75 selected, 1 active)
uniform int uBatched;       // 1: colour and selection from aStyle; 0: from the uniforms below
uniform vec3 uBaseColor;    // sRGB
uniform int uSelected;
uniform mat4 uModel;       // identity for scene meshes (they are world space); gizmo placement
uniform mat4 uView;
uniform mat4 uProjection;
out vec3 vViewPosition;
out vec3 vViewNormal;
out vec3 vWorldNormal;
flat out vec4 vStyle;
void main() {
  vStyle = uBatched == 1 ? aStyle : vec4(uBaseColor, uSelected == 2 ? 1.0 : uSelected == 1 ? 0.75 : 0.0);
  vec4 world = uModel * vec4(aPosition, 1.0);
  vec4 viewPosition = uView * world;
  vec3 worldNormal = mat3(uModel) * aNormal;
  vViewPosition = viewPosition.xyz;
  vViewNormal = mat3(uView) * worldNormal;  // view matrices are rigid: no inverse transpose
  vWorldNormal = worldNormal;
  gl_Position = uProjection * viewPosition;
}
)glsl";

const char* const kMeshVertexDirect = R"glsl(
#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aStyle;
uniform int uBatched;
uniform vec3 uBaseColor;
uniform int uSelected;
uniform mat4 uModel;
uniform mat4 uView;
uniform mat4 uProjection;
// Only what shading reads: a software rasterizer sets up and interpolates every output of every
// triangle, so the world normal (the view normal turned back, in the fragment stage) and the
// edge distances of the wireframe are not passed.
out vec3 fViewPosition;
out vec3 fViewNormal;
// The base colour made linear once per vertex, not per fragment, and the selection: one flat
// output (the sRGB colour itself is not read by the shaded pass).
flat out vec4 fLinearStyle;
void main() {
  vec4 style = uBatched == 1 ? aStyle : vec4(uBaseColor, uSelected == 2 ? 1.0 : uSelected == 1 ? 0.75 : 0.0);
  fLinearStyle = vec4(pow(style.rgb, vec3(2.2)), style.a);
  vec4 world = uModel * vec4(aPosition, 1.0);
  vec4 viewPosition = uView * world;
  fViewPosition = viewPosition.xyz;
  fViewNormal = mat3(uView) * (mat3(uModel) * aNormal);
  gl_Position = uProjection * viewPosition;
}
)glsl";

const char* const kMeshGeometry = R"glsl(
#version 330 core
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec3 vViewPosition[];
in vec3 vViewNormal[];
in vec3 vWorldNormal[];
flat in vec4 vStyle[];
out vec3 fViewPosition;
out vec3 fViewNormal;
out vec3 fWorldNormal;
flat out vec4 fStyle;
noperspective out vec3 fEdgeDistance;
uniform vec2 uViewportSize;
void main() {
  // Window-space corners; each corner's distance to the opposite edge is 2·area / |edge|.
  vec2 p[3];
  bool inFront = true;
  for (int i = 0; i < 3; ++i) {
    vec4 c = gl_in[i].gl_Position;
    inFront = inFront && c.w > 1e-6;
    p[i] = 0.5 * uViewportSize * (c.xy / max(c.w, 1e-6));
  }
  vec2 e0 = p[2] - p[1], e1 = p[0] - p[2], e2 = p[1] - p[0];
  float twiceArea = abs(e1.x * e2.y - e1.y * e2.x);
  vec3 heights = inFront ? twiceArea / max(vec3(length(e0), length(e1), length(e2)), vec3(1e-6)) : vec3(1e6);
  for (int i = 0; i < 3; ++i) {
    fViewPosition = vViewPosition[i];
    fViewNormal = vViewNormal[i];
    fWorldNormal = vWorldNormal[i];
    fStyle = vStyle[i];
    fEdgeDistance = vec3(i == 0 ? heights.x : 0.0, i == 1 ? heights.y : 0.0, i == 2 ? heights.z : 0.0);
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
}
)glsl";

const char* const kMeshFragment = R"glsl(
#version 330 core
// SHADED_ONLY (defined after this line for the passes without a wireframe, kMeshVertexDirect):
// no edge distances, no wireframe modes and so no `discard` (a software rasterizer can then test
// depth before shading), and the world normal from the view normal.
in vec3 fViewPosition;
in vec3 fViewNormal;
#ifdef SHADED_ONLY
uniform mat3 uViewToWorld;    // the view's rotation undone: view matrices are rigid
flat in vec4 fLinearStyle;    // toLinear(sRGB base colour), selection: from the vertex stage
#else
flat in vec4 fStyle;          // sRGB base colour, selection (0, 0.75 selected, 1 active): per mesh (vertex stage)
in vec3 fWorldNormal;
noperspective in vec3 fEdgeDistance;
uniform int uShadingMode;     // 0 shaded, 1 wireframe only, 2 shaded + wireframe
uniform float uWireWidth;     // pixels
#endif
uniform int uOrthographic;
uniform float uTransparency;  // 0 (the default of an unset uniform): opaque; overlay volumes > 0
out vec4 fragColor;

vec3 toLinear(vec3 c) { return pow(c, vec3(2.2)); }
vec3 toSrgb(vec3 c) { return pow(c, vec3(1.0 / 2.2)); }

// Two directional lights fixed to the view (a warm key from the upper left, a cool fill from
// the right), Lambert diffuse + Blinn-Phong specular, over a hemispheric ambient that is
// lighter on faces turned to the sky (+z) than on faces turned to the ground.
vec3 shade(vec3 base, vec3 n, vec3 worldNormal, vec3 toEye) {
  const vec3 keyDir = normalize(vec3(-0.45, 0.60, 0.66));
  const vec3 fillDir = normalize(vec3(0.70, -0.05, 0.45));
  const vec3 keyColor = vec3(1.00, 0.96, 0.90) * 0.80;
  const vec3 fillColor = vec3(0.72, 0.80, 1.00) * 0.30;
  const vec3 skyAmbient = vec3(0.36, 0.39, 0.44);
  const vec3 groundAmbient = vec3(0.16, 0.14, 0.12);
  float keyLambert = max(dot(n, keyDir), 0.0);
  float fillLambert = max(dot(n, fillDir), 0.0);
  // x^48 and x^24 by squaring (x^3, x^6, x^12, x^24, x^48): pow is exp2(y·log2 x), two
  // polynomial approximations per lane in a software rasterizer, which shades every fragment
  // of the 4×4 blocks each small triangle touches.
  float key = max(dot(n, normalize(keyDir + toEye)), 0.0);
  float fill = max(dot(n, normalize(fillDir + toEye)), 0.0);
  float key3 = key * key * key, fill3 = fill * fill * fill;
  float key12 = key3 * key3;
  key12 *= key12;
  float fill12 = fill3 * fill3;
  fill12 *= fill12;
  float keySpecular = keyLambert > 0.0 ? key12 * key12 * (key12 * key12) : 0.0;
  float fillSpecular = fillLambert > 0.0 ? fill12 * fill12 : 0.0;
  vec3 ambient = mix(groundAmbient, skyAmbient, 0.5 + 0.5 * worldNormal.z);
  vec3 diffuse = base * (ambient + keyColor * keyLambert + fillColor * fillLambert);
  return diffuse + 0.22 * keySpecular * keyColor + 0.10 * fillSpecular * fillColor;
}

void main() {
#ifdef SHADED_ONLY
  float selection = fLinearStyle.a;
#else
  vec3 baseColor = fStyle.rgb;
  float selection = fStyle.a;
#endif
  bool selected = selection > 0.5;
  vec3 n = normalize(fViewNormal);
#ifdef SHADED_ONLY
  if (!gl_FrontFacing) n = -n;
  vec3 worldNormal = uViewToWorld * n;
#else
  vec3 worldNormal = normalize(fWorldNormal);
  if (!gl_FrontFacing) { n = -n; worldNormal = -worldNormal; }
#endif
  vec3 toEye = uOrthographic == 1 ? vec3(0.0, 0.0, 1.0) : normalize(-fViewPosition);
#ifndef SHADED_ONLY
  float edgeDistance = min(min(fEdgeDistance.x, fEdgeDistance.y), fEdgeDistance.z);
  float edge = 1.0 - smoothstep(0.5 * uWireWidth, 0.5 * uWireWidth + 1.0, edgeDistance);
  if (uShadingMode == 1) {
    if (edge < 0.01) discard;
    fragColor = vec4(mix(baseColor, vec3(1.0), 0.25), edge);
    return;
  }
#endif
#ifdef SHADED_ONLY
  vec3 color = shade(fLinearStyle.rgb, n, worldNormal, toEye);
#else
  vec3 color = shade(toLinear(baseColor), n, worldNormal, toEye);
#endif
  if (!gl_FrontFacing) color *= 0.65;  // the inside of open surfaces reads as inside
  if (selected) {
    // The active part a light orange, the rest of the selection a deeper one (Blender's way).
    vec3 outline = selection > 0.9 ? vec3(1.0, 0.62, 0.15) : vec3(0.90, 0.36, 0.05);
    float rim = pow(1.0 - max(dot(n, toEye), 0.0), 2.0);
    color = mix(color, toLinear(outline), 0.20 + 0.60 * rim);
  }
  vec3 srgb = toSrgb(color);
#ifndef SHADED_ONLY
  if (uShadingMode == 2) srgb = mix(srgb, vec3(0.08, 0.09, 0.11), 0.55 * edge);
#endif
  // Translucent overlays thicken toward their silhouette, so a volume's outline reads clearly
  // while the model inside stays visible.
  float rimOpacity = pow(1.0 - abs(dot(n, toEye)), 2.0);
  float alpha = uTransparency > 0.0 ? clamp((1.0 - uTransparency) * (1.0 + 2.0 * rimOpacity), 0.0, 1.0) : 1.0;
  fragColor = vec4(srgb, alpha);
}
)glsl";

const char* const kBackgroundVertex = R"glsl(
#version 330 core
out float vHeight;  // 0 at the bottom edge, 1 at the top
void main() {
  // One triangle covering the screen, no vertex buffer.
  vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
  vHeight = corner.y;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)glsl";

const char* const kBackgroundFragment = R"glsl(
#version 330 core
in float vHeight;
uniform vec3 uTop;
uniform vec3 uBottom;
out vec4 fragColor;
void main() {
  vec3 color = mix(uBottom, uTop, smoothstep(0.0, 1.0, vHeight));
  // Half a step of ordered noise hides 8-bit banding in the gentle gradient.
  float noise = fract(sin(dot(gl_FragCoord.xy, vec2(12.9898, 78.233))) * 43758.5453) - 0.5;
  fragColor = vec4(color + noise / 255.0, 1.0);
}
)glsl";

const char* const kGridVertex = R"glsl(
#version 330 core
uniform mat4 uViewProjection;
uniform mat4 uPlaneToWorld;  // plane coordinates (a, b, height) to world
uniform vec2 uCenter;
uniform float uHalfSize;
out vec2 vPlane;  // plane coordinates a, b on the ground plane
void main() {
  vec2 corner = vec2(gl_VertexID & 1, (gl_VertexID >> 1) & 1) * 2.0 - 1.0;  // triangle strip
  vPlane = uCenter + corner * uHalfSize;
  gl_Position = uViewProjection * uPlaneToWorld * vec4(vPlane, 0.0, 1.0);
}
)glsl";

const char* const kGridFragment = R"glsl(
#version 330 core
// The grid writes neither depth nor stencil, so testing them before shading changes nothing but
// the cost: a pass restricted to the model's pixels (stencil) skips every other pixel's shading.
#extension GL_ARB_shader_image_load_store : enable
#ifdef GL_ARB_shader_image_load_store
layout(early_fragment_tests) in;
#endif
in vec2 vPlane;
uniform vec2 uCenter;
uniform float uHalfSize;
uniform float uCell;        // minor spacing; major lines every 10 cells
uniform vec3 uLineColor;
uniform vec3 uAxisColorA;   // the world axis along plane axis a (the line b = 0)
uniform vec3 uAxisColorB;   // the world axis along plane axis b (the line a = 0)
out vec4 fragColor;

// Coverage of the lines of a grid of spacing `cell`, one pixel wide whatever the distance,
// faded out where the cells get smaller than a few pixels (no moiré).
float lineCoverage(vec2 coord, float cell) {
  vec2 c = coord / cell;
  vec2 w = max(fwidth(c), vec2(1e-6));
  vec2 g = abs(fract(c - 0.5) - 0.5) / w;
  float line = 1.0 - min(min(g.x, g.y), 1.0);
  float density = max(w.x, w.y);
  return line * (1.0 - smoothstep(0.15, 0.45, density));
}

void main() {
  float minor = lineCoverage(vPlane, uCell);
  float major = lineCoverage(vPlane, uCell * 10.0);
  float alpha = max(minor * 0.28, major * 0.55);
  vec3 color = uLineColor;
  // The world axes in the plane in their colours (x red, y green, z blue): the line b = 0
  // runs along axis a, the line a = 0 along axis b.
  vec2 w = max(fwidth(vPlane), vec2(1e-6));
  float onAxisA = 1.0 - min(abs(vPlane.y) / (1.5 * w.y), 1.0);
  float onAxisB = 1.0 - min(abs(vPlane.x) / (1.5 * w.x), 1.0);
  if (onAxisA > 0.0) { color = mix(color, uAxisColorA, onAxisA); alpha = max(alpha, 0.85 * onAxisA); }
  if (onAxisB > 0.0) { color = mix(color, uAxisColorB, onAxisB); alpha = max(alpha, 0.85 * onAxisB); }
  float radial = length(vPlane - uCenter) / uHalfSize;
  alpha *= 1.0 - smoothstep(0.35, 1.0, radial);
  if (alpha < 0.004) discard;
  fragColor = vec4(color, alpha);
}
)glsl";

const char* const kOverlayLineVertex = R"glsl(
#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aColor;
uniform mat4 uViewProjection;
out vec3 vColor;
void main() {
  vColor = aColor;
  gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
)glsl";

const char* const kOverlayLineGeometry = R"glsl(
#version 330 core
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;
in vec3 vColor[];
out vec3 gColor;
noperspective out float gAcross;  // -1 .. 1 across the quad
uniform vec2 uViewportSize;
uniform float uLineWidth;         // pixels
void main() {
  vec4 p0 = gl_in[0].gl_Position, p1 = gl_in[1].gl_Position;
  // Clip against the plane just in front of the eye so the division below stays finite.
  const float nearW = 1e-4;
  if (p0.w < nearW && p1.w < nearW) return;
  if (p0.w < nearW) p0 = mix(p0, p1, (nearW - p0.w) / (p1.w - p0.w));
  if (p1.w < nearW) p1 = mix(p1, p0, (nearW - p1.w) / (p0.w - p1.w));
  vec2 halfViewport = 0.5 * uViewportSize;
  vec2 s0 = p0.xy / p0.w * halfViewport, s1 = p1.xy / p1.w * halfViewport;
  vec2 along = s1 - s0;
  along = length(along) > 1e-6 ? normalize(along) : vec2(1.0, 0.0);
  vec2 across = vec2(-along.y, along.x);
  float halfWidth = 0.5 * uLineWidth + 1.0;  // one more pixel for the anti-aliased edge
  vec2 extend = along * 0.5 * uLineWidth;    // square caps close the joints of polylines
  vec4 corners[4] = vec4[4](p0, p0, p1, p1);
  vec2 offsets[4] = vec2[4](-extend + across * halfWidth, -extend - across * halfWidth,
                            extend + across * halfWidth, extend - across * halfWidth);
  for (int i = 0; i < 4; ++i) {
    vec4 c = corners[i];
    gl_Position = c + vec4(offsets[i] / halfViewport * c.w, 0.0, 0.0);
    gColor = vColor[i < 2 ? 0 : 1];
    gAcross = (i % 2 == 0) ? 1.0 : -1.0;
    EmitVertex();
  }
  EndPrimitive();
}
)glsl";

const char* const kOverlayLineFragment = R"glsl(
#version 330 core
in vec3 gColor;
noperspective in float gAcross;
uniform float uLineWidth;
uniform float uAlpha;  // 1 where visible, lower for the parts hidden behind the model
out vec4 fragColor;
void main() {
  float halfWidth = 0.5 * uLineWidth + 1.0;
  float distance = abs(gAcross) * halfWidth;
  float coverage = 1.0 - smoothstep(0.5 * uLineWidth - 0.5, 0.5 * uLineWidth + 0.5, distance);
  if (coverage < 0.01) discard;
  // A dark core outline would need a second pass; a slightly darker rim keeps bright lines
  // readable on light meshes.
  vec3 color = mix(gColor, gColor * 0.55, smoothstep(0.35 * uLineWidth, 0.5 * uLineWidth, distance));
  fragColor = vec4(color, coverage * uAlpha);
}
)glsl";

std::string meshFragmentShadedOnly() {
  std::string source = kMeshFragment;
  const std::string version = "#version 330 core\n";
  const std::size_t at = source.find(version);
  source.insert(at == std::string::npos ? 0 : at + version.size(), "#define SHADED_ONLY\n");
  return source;
}

}  // namespace flexure::render_detail::shaders
