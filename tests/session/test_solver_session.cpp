// The solver thread: commands while solving, the latest-value buffer, shutdown, rollback.
// Written to run clean under ThreadSanitizer (the "tsan" preset).
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <optional>
#include <thread>

#include "flexure/session/solver_session.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

TEST_CASE("the session solves the pipefitting scene and then sleeps", "[session]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto r = waitFor(session, solved);
  REQUIRE(solved(*r));
  CHECK(r->psi.size() == doc->parameters().size());
  CHECK(r->totalIterations > 0);
  CHECK(r->iterationsPerSecond > 0.0);
  CHECK_FALSE(r->history.empty());
  // Converged and idle: nothing more is published (the thread sleeps, no busy loop).
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(session.latest()->sequence == r->sequence);
  CHECK(session.latest()->activity == SessionActivity::Idle);
}

TEST_CASE("parameter edits sent while the session solves are all applied", "[session]") {
  auto doc = pipefittingScene();
  const int x = doc->parameters().find("fixed-b-translate.x");
  REQUIRE(x >= 0);
  SolverSession session(*doc);
  for (int k = 1; k <= 10; ++k) {
    session.send(ParameterEdited{x, 0.05 * k});  // the fixed pipe moves; the free pipe follows
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  auto r = waitFor(session, [&](const SessionResult& s) { return solved(s) && s.psi[x] == 0.5; });
  CHECK(r->psi[x] == 0.5);
  CHECK(solved(*r));
  // The free pipe really moved: its solution differs from the one for x = 0.
  SolverSession reference(*doc);
  auto r0 = waitFor(reference, solved);
  REQUIRE(solved(*r0));
  CHECK((r->psi - r0->psi).norm() > 0.1);
}

TEST_CASE("the latest-value buffer never goes backwards and never waits for a solve", "[session]") {
  auto doc = pipefittingScene();
  const int x = doc->parameters().find("fixed-b-translate.x");
  SolverSession session(*doc);
  std::atomic<bool> done{false};
  std::uint64_t last = 0;
  bool backwards = false;
  double slowestPoll = 0.0;
  long polls = 0;
  std::thread reader([&] {
    while (!done.load()) {
      const auto t0 = std::chrono::steady_clock::now();
      auto r = session.latest();
      slowestPoll = std::max(slowestPoll, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      ++polls;
      if (r) {
        backwards = backwards || r->sequence < last;
        last = r->sequence;
      }
    }
  });
  for (int k = 0; k < 40; ++k) {
    session.send(ParameterEdited{x, 0.5 * std::sin(0.3 * k)});
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  waitFor(session, solved);
  done = true;
  reader.join();
  CHECK_FALSE(backwards);
  CHECK(last > 1);
  CHECK(polls > 100);
  // A poll only copies a shared_ptr: far below the length of a solver step even under TSan.
  CHECK(slowestPoll < 0.05);
}

TEST_CASE("shutdown while solving joins promptly", "[session]") {
  auto doc = pipefittingScene();
  const int x = doc->parameters().find("fixed-b-translate.x");
  auto session = std::make_unique<SolverSession>(*doc);
  session->send(SetMethod{"paper"});  // the paper's Euler method: many small steps, still solving
  session->send(ParameterEdited{x, 1.0});
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto t0 = std::chrono::steady_clock::now();
  session.reset();
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 1.0);
}

TEST_CASE("a step that makes Ψ non-finite is rolled back and reported, never published", "[session][rollback]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto good = waitFor(session, solved);
  REQUIRE(solved(*good));
  const int x = doc->parameters().find("fixed-b-translate.x");
  std::atomic<bool> done{false};
  bool sawNonFinite = false;
  std::thread reader([&] {
    while (!done.load()) {
      auto r = session.latest();
      sawNonFinite = sawNonFinite || !r->psi.allFinite();
    }
  });
  session.send(ParameterEdited{x, std::nan("")});
  auto r = waitFor(session, [](const SessionResult& s) { return s.rollbackCount > 0; });
  done = true;
  reader.join();
  REQUIRE(r->rollbackCount > 0);
  CHECK(r->rollbackMessage.find("non-finite") != std::string::npos);
  CHECK_FALSE(sawNonFinite);
  CHECK(r->psi.allFinite());
  CHECK(r->psi[x] == good->psi[x]);  // the offending edit is undone
  // The session goes on solving normally afterwards.
  session.send(ParameterEdited{x, 0.25});
  auto after = waitFor(session, [&](const SessionResult& s) { return solved(s) && s.psi[x] == 0.25; });
  CHECK(solved(*after));
}

TEST_CASE("an edit that makes the energy explode is rolled back", "[session][rollback]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  REQUIRE(solved(*waitFor(session, solved)));
  const int x = doc->parameters().find("fixed-b-translate.x");
  const double before = session.latest()->psi[x];
  session.send(ParameterEdited{x, 1e200});  // squared distances overflow to inf
  auto r = waitFor(session, [](const SessionResult& s) { return s.rollbackCount > 0; });
  REQUIRE(r->rollbackCount > 0);
  CHECK(r->psi.allFinite());
  CHECK(r->psi[x] == before);
}

TEST_CASE("step N runs exactly N steps and then pauses", "[session]") {
  auto doc = pipefittingScene();
  SessionOptions options;
  options.startRunning = false;
  SolverSession session(*doc, options);
  session.send(Step{3});
  auto r = waitFor(session, [](const SessionResult& s) { return s.totalIterations >= 3; });
  REQUIRE(r->totalIterations == 3);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(session.latest()->totalIterations == 3);
  CHECK(session.latest()->activity == SessionActivity::Idle);
}

TEST_CASE("a time jump without advance moves the clock and integrates nothing", "[session]") {
  const auto doc = exampleScene("snake.json");
  SessionOptions options;
  options.startRunning = false;
  const auto oneStepAfter = [&](std::optional<TimeChanged> jump) {
    SolverSession session(*doc, options);
    if (jump) session.send(*jump);
    session.send(Step{1});
    auto r = waitFor(session, [](const SessionResult& s) { return s.totalIterations >= 1; });
    REQUIRE(r);
    return r;
  };
  const auto still = oneStepAfter(std::nullopt);
  const auto jumped = oneStepAfter(TimeChanged{0.2, false});
  const auto advanced = oneStepAfter(TimeChanged{0.2, true});
  CHECK(jumped->time == 0.2);
  CHECK(advanced->time == 0.2);
  // The snake's segments start horizontal under gravity: 0.2 s of dynamics moves them.
  CHECK((advanced->psi - still->psi).cwiseAbs().maxCoeff() > 1e-3);
  CHECK((jumped->psi - still->psi).cwiseAbs().maxCoeff() < 1e-12);
}
