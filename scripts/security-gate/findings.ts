// What the gate's own checks report. Each finding fails the gate: these checks have no
// severities and no waivers, because each one is a rule we never break.
export interface GateFinding {
  check: string
  file: string
  message: string
}
