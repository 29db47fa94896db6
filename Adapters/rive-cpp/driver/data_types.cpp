// The protocol's property type names and the runtime's data types (data_types.hpp).
#include "data_types.hpp"
#include "protocol_io.hpp"
#include "runtime_features.hpp"

#include <map>

namespace harness
{

rive::DataType dataTypeNamed(const std::string& name)
{
    static const std::map<std::string, rive::DataType> types = {
        {"string", rive::DataType::string},     {"number", rive::DataType::number},
        {"boolean", rive::DataType::boolean},   {"color", rive::DataType::color},
        {"list", rive::DataType::list},         {"enum", rive::DataType::enumType},
        {"trigger", rive::DataType::trigger},   {"viewModel", rive::DataType::viewModel},
        {"integer", rive::DataType::integer},   {"listIndex", rive::DataType::symbolListIndex},
        {"image", rive::DataType::assetImage},  {"artboard", rive::DataType::artboard},
        {"font", rive::DataType::assetFont},
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        {"blob", rive::DataType::assetBlob},
#endif
        {"input", rive::DataType::input},       {"any", rive::DataType::any},
        {"none", rive::DataType::none}};
#if !RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
    if (name == "blob")
        throw badParams("property type 'blob' does not exist in this runtime commit (no view-model blobs)");
#endif
    auto found = types.find(name);
    if (found == types.end())
        throw badParams("unknown property type '" + name + "'");
    return found->second;
}

std::string dataTypeName(rive::DataType type)
{
    switch (type)
    {
        case rive::DataType::none:
            return "none";
        case rive::DataType::string:
            return "string";
        case rive::DataType::number:
            return "number";
        case rive::DataType::boolean:
            return "boolean";
        case rive::DataType::color:
            return "color";
        case rive::DataType::list:
            return "list";
        case rive::DataType::enumType:
            return "enum";
        case rive::DataType::trigger:
            return "trigger";
        case rive::DataType::viewModel:
            return "viewModel";
        case rive::DataType::integer:
            return "integer";
        case rive::DataType::symbolListIndex:
            return "listIndex";
        case rive::DataType::assetImage:
            return "image";
        case rive::DataType::artboard:
            return "artboard";
        case rive::DataType::assetFont:
            return "font";
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        case rive::DataType::assetBlob:
            return "blob";
#endif
        case rive::DataType::input:
            return "input";
        case rive::DataType::any:
            return "any";
    }
    return "none";
}

} // namespace harness
