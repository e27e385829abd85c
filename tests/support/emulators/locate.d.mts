export const FIRESTORE_EMULATOR_PACKAGE: string
export interface EmulatorSuite {
  file: string
  proves: string
  on: string
}
export const EMULATOR_SUITES: EmulatorSuite[]
export const EVALUATOR_SUITES: string[]
export const E2E_EMULATOR_SUITES: EmulatorSuite[]
export function locateFirestoreEmulator(): { launcher: string; missing?: undefined } | { missing: string; launcher?: undefined }
