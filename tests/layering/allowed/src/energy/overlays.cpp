// Fixture: a technique may include its own headers and the neutral ones (must not be reported).
#include "flexure/energy/energy_term.h"
#include "flexure/render/overlay_registry.h"
