/**
 * Runs work for one chat strictly after the previous work for that chat (so the parts of one reply
 * never interleave with another's), while different chats run independently. A failure does not
 * block the chat's next work.
 */
export class PerChatQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(chatId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(chatId) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.catch(() => undefined);
    this.tails.set(chatId, tail);
    void tail.then(() => {
      if (this.tails.get(chatId) === tail) this.tails.delete(chatId);
    });
    return result;
  }
}
