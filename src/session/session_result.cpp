#include "flexure/session/session_result.h"

namespace flexure::session {

const char* activityName(SessionActivity activity) {
  switch (activity) {
    case SessionActivity::Idle: return "idle";
    case SessionActivity::Running: return "solving";
    case SessionActivity::Dragging: return "dragging";
    case SessionActivity::Stepping: return "stepping";
  }
  return "idle";
}

}  // namespace flexure::session
