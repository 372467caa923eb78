-- The recall index's layout, shared by the step that writes it (lib/recall.lua) and recallTemplates, which reads it.
-- Each id in a posting is 16 hex characters after a space, so a term's template count is its length / 17.
local RECALL_ID_WIDTH = 17

-- cjson writes an empty table as {}: lists must read as lists in TypeScript.
local function recallJsonList(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end
