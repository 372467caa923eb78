// A session's own log size and fix-detection window, over the service's defaults; shared by both stores.

/** What a session sets for itself; null leaves the service's setting in force. */
export interface SessionSettingOverrides {
  max_log_entries: number | null;
  fix_detection_window: number | null;
}

/** The settings a session's next call is recorded with. */
export interface EffectiveSessionSettings {
  max_log_entries: number;
  fix_detection_window: number;
}

export const NO_OVERRIDES: SessionSettingOverrides = Object.freeze({ max_log_entries: null, fix_detection_window: null });

export function effectiveSettings(overrides: SessionSettingOverrides, defaults: EffectiveSessionSettings): EffectiveSessionSettings {
  return {
    max_log_entries: overrides.max_log_entries ?? defaults.max_log_entries,
    fix_detection_window: overrides.fix_detection_window ?? defaults.fix_detection_window,
  };
}

/**
 * How many earlier entries a success looks back through. A failure the log no longer keeps cannot
 * be fixed: the tool memory appends the call, trims the log, then looks at the entries before it, so a
 * log of `maxLog` entries leaves `maxLog - 1` to look through however wide the window is.
 */
export function lookBack(settings: EffectiveSessionSettings): number {
  return Math.max(0, Math.min(settings.fix_detection_window, settings.max_log_entries - 1));
}
