// JSON-lines plumbing (see protocol_io.hpp).
#include "protocol_io.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace harness
{

RequestError badParams(const std::string& what)
{
    return RequestError("protocol.bad-params", what, what);
}

std::string base64Encode(const uint8_t* bytes, size_t count)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((count + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < count; i += 3)
    {
        uint32_t n = (uint32_t(bytes[i]) << 16) | (uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        out.push_back(alphabet[(n >> 18) & 63]);
        out.push_back(alphabet[(n >> 12) & 63]);
        out.push_back(alphabet[(n >> 6) & 63]);
        out.push_back(alphabet[n & 63]);
    }
    if (i + 1 == count)
    {
        uint32_t n = uint32_t(bytes[i]) << 16;
        out.push_back(alphabet[(n >> 18) & 63]);
        out.push_back(alphabet[(n >> 12) & 63]);
        out += "==";
    }
    else if (i + 2 == count)
    {
        uint32_t n = (uint32_t(bytes[i]) << 16) | (uint32_t(bytes[i + 1]) << 8);
        out.push_back(alphabet[(n >> 18) & 63]);
        out.push_back(alphabet[(n >> 12) & 63]);
        out.push_back(alphabet[(n >> 6) & 63]);
        out.push_back('=');
    }
    return out;
}

bool base64Decode(const std::string& text, std::vector<uint8_t>& out)
{
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z')
            return c - 'A';
        if (c >= 'a' && c <= 'z')
            return c - 'a' + 26;
        if (c >= '0' && c <= '9')
            return c - '0' + 52;
        if (c == '+')
            return 62;
        if (c == '/')
            return 63;
        return -1;
    };
    if (text.size() % 4 != 0)
        return false;
    out.clear();
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4)
    {
        int v[4];
        int padding = 0;
        for (int j = 0; j < 4; ++j)
        {
            char c = text[i + j];
            if (c == '=' && i + 4 == text.size() && j >= 2)
            {
                v[j] = 0;
                ++padding;
                continue;
            }
            if (padding > 0)
                return false;
            v[j] = value(c);
            if (v[j] < 0)
                return false;
        }
        uint32_t n = (uint32_t(v[0]) << 18) | (uint32_t(v[1]) << 12) | (uint32_t(v[2]) << 6) | uint32_t(v[3]);
        out.push_back(uint8_t(n >> 16));
        if (padding < 2)
            out.push_back(uint8_t(n >> 8));
        if (padding < 1)
            out.push_back(uint8_t(n));
    }
    return true;
}

Json floatJson(float value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    // The double nearest to the float's shortest decimal prints as that same decimal.
    char buffer[32];
    auto result = std::to_chars(buffer, buffer + sizeof buffer - 1, value);
    *result.ptr = '\0';
    return std::strtod(buffer, nullptr);
}

Json doubleJson(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    return value;
}

namespace
{
const Json& field(const Json& request, const char* key)
{
    auto found = request.find(key);
    if (found == request.end())
        throw badParams(std::string("missing '") + key + "'");
    return *found;
}

double nonFinite(const Json& value, const char* key)
{
    if (value.is_string())
    {
        const std::string& text = value.get_ref<const std::string&>();
        if (text == "nan")
            return std::nan("");
        if (text == "inf")
            return INFINITY;
        if (text == "-inf")
            return -INFINITY;
    }
    throw badParams(std::string("'") + key + "' is not a number");
}
} // namespace

float readFloat(const Json& request, const char* key)
{
    const Json& value = field(request, key);
    if (value.is_number())
        return static_cast<float>(value.get<double>());
    return static_cast<float>(nonFinite(value, key));
}

double readDouble(const Json& request, const char* key)
{
    const Json& value = field(request, key);
    if (value.is_number())
        return value.get<double>();
    return nonFinite(value, key);
}

int64_t readInt(const Json& request, const char* key)
{
    const Json& value = field(request, key);
    if (value.is_number_integer())
        return value.get<int64_t>();
    if (value.is_number_unsigned())
        return static_cast<int64_t>(value.get<uint64_t>());
    throw badParams(std::string("'") + key + "' is not an integer");
}

std::string readString(const Json& request, const char* key)
{
    const Json& value = field(request, key);
    if (!value.is_string())
        throw badParams(std::string("'") + key + "' is not a string");
    return value.get<std::string>();
}

bool readBool(const Json& request, const char* key)
{
    const Json& value = field(request, key);
    if (!value.is_boolean())
        throw badParams(std::string("'") + key + "' is not a boolean");
    return value.get<bool>();
}

bool isNull(const Json& request, const char* key)
{
    auto found = request.find(key);
    return found == request.end() || found->is_null();
}

void writeLine(const Json& message)
{
    std::string text = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

Json namesResult(const std::vector<std::string>& names)
{
    return Json{{"names", names}};
}

} // namespace harness
