/** "1 photo", "3 photos": the bar's counts and its dialogs' sentences. */
export const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
