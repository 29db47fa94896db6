// JSON-lines plumbing of the adapter protocol (docs/adapter-protocol.md): base64, float
// encoding in shortest round-trip form, and the typed request error the driver answers with.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace harness
{

using Json = nlohmann::json;

/// An error answer: `code`, `message`, optional `detail`.
struct RequestError : std::runtime_error
{
    RequestError(std::string code, std::string message, std::string detail, bool hasDetail = true) :
        std::runtime_error(message), code(std::move(code)), detail(std::move(detail)), hasDetail(hasDetail)
    {}
    std::string code;
    std::string detail;
    bool hasDetail;
};

/// A request the driver cannot read (`protocol.bad-params`).
RequestError badParams(const std::string& what);

/// Standard base64 with padding.
std::string base64Encode(const uint8_t* bytes, size_t count);
/// Decodes standard base64; false on a malformed text.
bool base64Decode(const std::string& text, std::vector<uint8_t>& out);

/// A float as a JSON number in its shortest round-trip form, or "nan"/"inf"/"-inf".
Json floatJson(float value);
/// A double as a JSON number, or "nan"/"inf"/"-inf".
Json doubleJson(double value);
/// Reads a float (number or "nan"/"inf"/"-inf"); throws badParams.
float readFloat(const Json& request, const char* key);
/// Reads a double; throws badParams.
double readDouble(const Json& request, const char* key);
/// Reads an integer; throws badParams.
int64_t readInt(const Json& request, const char* key);
/// Reads a string; throws badParams.
std::string readString(const Json& request, const char* key);
/// Reads a boolean; throws badParams.
bool readBool(const Json& request, const char* key);
/// True when the key is absent or null.
bool isNull(const Json& request, const char* key);

/// Writes one message as a JSON line on stdout and flushes it.
void writeLine(const Json& message);
/// A result that lists names: `{"names": [...]}`.
Json namesResult(const std::vector<std::string>& names);

} // namespace harness
