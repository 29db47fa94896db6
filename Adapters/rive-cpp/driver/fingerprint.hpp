// A fingerprint of the view-model values a state machine's data context reaches, which the
// driver's view loop compares between ticks to see that a value changed.
#pragma once

#include "rive/animation/state_machine_instance.hpp"

#include <cstdint>

namespace harness
{

/// The fingerprint of everything a state machine's data context reaches (main and globals).
uint64_t contextFingerprint(rive::StateMachineInstance* machine);

} // namespace harness
