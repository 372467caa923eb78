// Zod's messages as a client reads them: a missing field says it is required, not what type it lacks.
import { z } from "zod";

z.config({
  customError: (issue) =>
    (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined ? "is required" : undefined,
});
