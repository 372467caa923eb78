// Grouping accuracy (GA), the usual measure of a log parser: the share of messages whose predicted group is exactly their true group.

/**
 * The share of messages put in a group that holds exactly the messages of their true group.
 * `predicted[i]` and `truth[i]` name the groups of message i; names are compared within each list only.
 */
export function groupingAccuracy(predicted: readonly string[], truth: readonly string[]): number {
  if (predicted.length !== truth.length) throw new Error("one predicted group per message, and one true group");
  if (truth.length === 0) return 1;
  const members = (groups: readonly string[]) => {
    const byGroup = new Map<string, number[]>();
    groups.forEach((group, i) => {
      const list = byGroup.get(group);
      if (list) list.push(i);
      else byGroup.set(group, [i]);
    });
    return byGroup;
  };
  const predictedGroups = members(predicted);
  const trueGroups = members(truth);
  let correct = 0;
  for (const list of predictedGroups.values()) {
    // Exact when every message of the predicted group has one true group, and that group has no other message.
    const first = truth[list[0]!]!;
    if (list.every((i) => truth[i] === first) && trueGroups.get(first)!.length === list.length) correct += list.length;
  }
  return correct / truth.length;
}
