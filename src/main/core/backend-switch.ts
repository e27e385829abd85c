import type { ConnectionStatus, FirebaseWebConfig } from '@shared/types'

/**
 * How the settings service changes what the running app talks to. The composition root
 * (src/main/app/create-magpie.ts) implements it; settings only validate, persist and ask.
 */
export interface BackendSwitch {
  /** What runs now. */
  status(): ConnectionStatus
  /**
   * Tries a config against its project without saving or switching anything; rejects with an
   * AppError (connectUnreachable, connectRefused, …) when the project cannot be used.
   */
  probe(config: FirebaseWebConfig): Promise<void>
  /**
   * Switches the running app to this community (null: back to the local store). The other
   * mode's data and sign-in stay as they were, for when the user comes back to it. Emits
   * `connection:changed` and `session:changed`.
   */
  use(config: FirebaseWebConfig | null): Promise<void>
}
