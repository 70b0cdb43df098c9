/** How many questions one read answers at most (an IN list stays short). */
const MAX_PER_READ = 200;

/**
 * Many pages' questions to one read (docs/decisions/0086): a question joins the next read, which
 * starts once the one under way has answered, so every answer is read after its question was
 * asked and is as fresh as a read of its own. On PostgreSQL a page otherwise waits for a round
 * trip of its own; under load one read answers every page that arrived during the one before.
 * `readAll` answers its questions in their order.
 */
export function batchedReads<Question, Answer>(
  readAll: (questions: readonly Question[]) => Promise<readonly Answer[]>,
): (question: Question) => Promise<Answer> {
  let waiting: { question: Question; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  let reading = false;

  async function readWhileWaiting() {
    reading = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_PER_READ);
        waiting = waiting.slice(MAX_PER_READ);
        try {
          const answers = await readAll(batch.map((asked) => asked.question));
          batch.forEach((asked, index) => asked.resolve(answers[index]!));
        } catch (error) {
          for (const asked of batch) asked.reject(error);
        }
      }
    } finally {
      reading = false;
    }
  }

  return (question) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ question, resolve, reject });
      if (!reading) void readWhileWaiting();
    });
}
