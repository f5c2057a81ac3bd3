#include "flexure/modules.h"

#include <mutex>

// Each module's header declares `void register<Module>Module();`.
#if FLEXURE_HAS_IO
#include "flexure/io/register.h"
#endif
#if FLEXURE_HAS_ENERGY
#include "flexure/energy/register.h"
#endif
#if FLEXURE_HAS_RIGID
#include "flexure/rigid/register.h"
#endif
#if FLEXURE_HAS_CURVES
#include "flexure/curves/register.h"
#endif
#if FLEXURE_HAS_DEFORM
#include "flexure/deform/register.h"
#endif
#if FLEXURE_HAS_ANIM
#include "flexure/anim/register.h"
#endif
#if FLEXURE_HAS_INTERCHANGE
#include "flexure/interchange/register.h"
#endif

namespace flexure {

void registerAllModules() {
  static std::once_flag once;
  std::call_once(once, [] {
#if FLEXURE_HAS_IO
    registerIoModule();
#endif
#if FLEXURE_HAS_ENERGY
    registerEnergyModule();
#endif
#if FLEXURE_HAS_RIGID
    registerRigidModule();
#endif
#if FLEXURE_HAS_CURVES
    registerCurvesModule();
#endif
#if FLEXURE_HAS_DEFORM
    registerDeformModule();
#endif
#if FLEXURE_HAS_ANIM
    registerAnimModule();
#endif
#if FLEXURE_HAS_INTERCHANGE
    registerInterchangeModule();
#endif
  });
}

}  // namespace flexure
