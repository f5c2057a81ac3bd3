#pragma once
// A keyframe in one expression, for the tracks the anim tests build.
#include "flexure/anim/track.h"

namespace flexure::test {

inline Keyframe key(double t, double v, Interpolation mode = Interpolation::Linear) {
  Keyframe k;
  k.time = t;
  k.value = v;
  k.interpolation = mode;
  return k;
}

}  // namespace flexure::test
