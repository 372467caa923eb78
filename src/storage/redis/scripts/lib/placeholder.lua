-- What a one-script write fills in that its caller could not know (a failure's signature, its template): the
-- caller sends a random word in its place, which no request can hold, and the script puts the value there.
local function fillPlaceholder(text, placeholder, value)
  local at = string.find(text, placeholder, 1, true)
  if not at then return text end
  return string.sub(text, 1, at - 1) .. value .. string.sub(text, at + #placeholder)
end
