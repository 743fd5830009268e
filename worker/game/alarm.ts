/** The game's one alarm, set or deleted only when its time changes (most moves leave it where it was). */
export class Alarm {
  /** The time this instance last set (undefined: unknown, e.g. after a restart or once an alarm ran). */
  private at: number | null | undefined = undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  async set(at: number | null) {
    if (at === this.at) return;
    this.at = at;
    if (at === null) await this.storage.deleteAlarm();
    else await this.storage.setAlarm(at);
  }

  /** Deletes the alarm; the next `set` writes whatever its time. */
  async clear() {
    await this.storage.deleteAlarm();
    this.at = undefined;
  }

  /** The alarm ran: the next `set` writes whatever its time. */
  forget() {
    this.at = undefined;
  }
}
