/** One message of the door screen's result region (Acceso Autorizado, PIN incorrecto, the lockout…). */
export interface Notice {
  tone: 'ok' | 'error';
  text: string;
  /** The lockout's message: it goes when the lockout ends. */
  lockout?: boolean;
}

export type Announce = (notice: Notice | null) => void;
