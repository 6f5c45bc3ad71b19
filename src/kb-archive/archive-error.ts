/** A refused archive. `entry` names the offending ZIP entry, when there is one. */
export class ArchiveError extends Error {
  readonly entry: string | null;

  constructor(entry: string | null, problem: string) {
    super(entry === null ? problem : `Entry "${entry}": ${problem}`);
    this.name = 'ArchiveError';
    this.entry = entry;
  }
}

export const NOT_A_ZIP_MESSAGE = 'The file is not a valid ZIP archive.';
