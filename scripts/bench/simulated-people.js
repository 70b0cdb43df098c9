// What the load scripts (scripts/loadtest.js, scripts/loadtest-term-start.js) share about the
// people they simulate: pauses, random choices and one address each.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const pick = (list) => list[Math.floor(Math.random() * list.length)];

let addressCounter = 0;
/** One address per simulated person (X-Forwarded-For): rate limits count each apart (the store trusts one proxy hop). */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${(addressCounter & 255) + 1}`;
};
