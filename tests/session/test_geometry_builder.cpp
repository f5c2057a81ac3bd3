// The geometry worker tessellates the newest Ψ off the calling thread.
#include <catch2/catch.hpp>

#include <thread>

#include "flexure/session/geometry_builder.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

TEST_CASE("the geometry builder publishes meshes of the newest requested Ψ", "[session][geometry]") {
  auto doc = pipefittingScene();
  GeometryBuilder builder(*doc, TessellationOptions{8});
  Eigen::VectorXd psi = doc->parameters().values();
  const int x = doc->parameters().find("fixed-b-translate.x");
  for (int k = 1; k <= 5; ++k) {
    psi[x] = 0.1 * k;
    builder.request(psi, static_cast<std::uint64_t>(k));
  }
  std::shared_ptr<const GeometryFrame> frame;
  for (int i = 0; i < 5000; ++i) {
    frame = builder.latest();
    if (frame && frame->tag == 5) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  REQUIRE(frame);
  CHECK(frame->tag == 5);  // older requests may be skipped, the newest never is
  REQUIRE(frame->meshes.size() == doc->paths().size());
  // The moved fixed pipe's mesh matches a tessellation done here with the same Ψ.
  auto copy = doc->clone();
  copy->parameters().values() = psi;
  const auto expected = tessellateScene(*copy, TessellationOptions{8});
  for (std::size_t m = 0; m < expected.size(); ++m) {
    REQUIRE(frame->meshes[m].positions.size() == expected[m].positions.size());
    for (std::size_t v = 0; v < expected[m].positions.size(); ++v)
      CHECK(flexure::norm(frame->meshes[m].positions[v] - expected[m].positions[v]) < 1e-12);
  }
}
