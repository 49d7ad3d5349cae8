// A bound on how many of one kind of heavy work (decoding a picture, remuxing a file) run at once in this
// process; the rest wait their turn in order.

/** Runs each `work` given to it with at most `atOnce` running together. */
export function atMost(atOnce: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const enter = async () => {
    if (active < atOnce) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the leaving one hands its place over
  };
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    await enter();
    try {
      return await work();
    } finally {
      leave();
    }
  };
}
