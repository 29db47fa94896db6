// The protocol's property type names (docs/adapter-protocol.md) and the runtime's
// rive::DataType values they stand for.
#pragma once

#include "rive/command_queue.hpp"

#include <string>

namespace harness
{

/// The runtime's data type for a protocol type name; throws badParams for an unknown name.
rive::DataType dataTypeNamed(const std::string& name);
/// The protocol type name of a runtime data type.
std::string dataTypeName(rive::DataType type);

} // namespace harness
