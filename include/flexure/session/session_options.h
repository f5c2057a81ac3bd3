#pragma once
// Tuning of a SolverSession.
#include <cstddef>
#include <map>
#include <string>

#include "flexure/session/numerical_guard.h"

namespace flexure::session {

struct SessionOptions {
  // Iteration budget of one bounded step for families without a stepwise API, by family name
  // (absent: the family's own default, e.g. the curves' direct solve is one bounded solve).
  std::map<std::string, int> iterationBudget{{"rigid", 20}};
  std::size_t historyLength = 512;  // points kept in SessionResult::history
  int maxConsecutiveRollbacks = 3;  // then the session pauses instead of retrying
  bool startRunning = true;         // solve as soon as the session starts
  NumericalGuard guard;
};

}  // namespace flexure::session
