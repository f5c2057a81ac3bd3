#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "anim_test_scene.h"
#include "flexure/anim/frame_sequence.h"
#include "flexure/anim/timeline_settings.h"

using namespace flexure;

TEST_CASE("frame files are named frame_NNNN.ext", "[export]") {
  CHECK(frameFileName(0, "png") == "frame_0000.png");
  CHECK(frameFileName(48, "obj") == "frame_0048.obj");
  CHECK(frameFileName(12345, "png") == "frame_12345.png");
  CHECK(frameFileName(-3, "obj") == "frame_-003.obj");
}

TEST_CASE("frame ranges parse as A-B or A", "[export]") {
  CHECK(parseFrameRange("0-48") == FrameRange{0, 48});
  CHECK(parseFrameRange("7") == FrameRange{7, 7});
  CHECK(parseFrameRange("-3--1") == FrameRange{-3, -1});
  CHECK_FALSE(parseFrameRange("5-2"));
  CHECK_FALSE(parseFrameRange("a-b"));
  CHECK_FALSE(parseFrameRange(""));
  CHECK_FALSE(parseFrameRange("3-"));
}

TEST_CASE("a sequence export writes the baked frames with progress", "[export]") {
  auto scene = test::makeSpringScene();
  TimelineSettings& tl = timelineOf(*scene);
  Keyframe a, b;
  b.time = 1.0;
  b.value = 2.0;
  tl.trackFor("anchor.x").setKey(a);
  tl.trackFor("anchor.x").setKey(b);
  SolverRegistry registry;
  registry.add(std::make_unique<test::TestSpringSolver>());
  BakeSession session(*scene, registry);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "flexure-anim-sequence-test";
  std::filesystem::remove_all(dir);

  const int massX = scene->find("mass")->paramIndex("x");
  const SequenceWriter text{"txt", [&](Scene& s, int frame, const std::filesystem::path& file) {
                              std::ofstream out(file);
                              out.precision(17);
                              out << frame << ' ' << s.parameters().value(massX) << '\n';
                            }};
  std::vector<int> reported;
  const SequenceResult r = exportFrameSequence(session, {10, 14}, dir, {text}, [&](const SequenceProgress& p) {
    CHECK(p.total == 5);
    CHECK(p.stats);
    reported.push_back(p.frame);
  });
  CHECK(r.framesWritten == 5);
  CHECK_FALSE(r.cancelled);
  CHECK(reported == std::vector<int>{10, 11, 12, 13, 14});
  REQUIRE(r.files.size() == 5);
  CHECK(r.files[0] == dir / "frame_0010.txt");
  // Each file holds exactly the cached frame's state.
  for (int f = 10; f <= 14; ++f) {
    std::ifstream in(dir / frameFileName(f, "txt"));
    int frame = -1;
    double x = 0.0;
    in >> frame >> x;
    CHECK(frame == f);
    CHECK(x == session.cache().find(f)->state.psi()[static_cast<std::size_t>(massX)]);
  }
  // Before the timeline's start frame there is nothing to export.
  CHECK_THROWS_AS(exportFrameSequence(session, {-2, 3}, dir, {text}), std::invalid_argument);
  // Cancelled before it starts: nothing written.
  std::atomic<bool> cancel{true};
  CHECK(exportFrameSequence(session, {15, 20}, dir, {text}, {}, &cancel).cancelled);
  CHECK_FALSE(std::filesystem::exists(dir / "frame_0015.txt"));
  std::filesystem::remove_all(dir);
}
