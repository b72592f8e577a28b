// lib/ is layered (scripts/dev/lib-layers.mjs, docs/architecture.md): no folder imports a folder of a layer above it,
// and no folders import each other round a circle. ESLint refuses an arrow up where it is written; this draws the
// whole graph, so it also sees what ESLint cannot (a folder missing from the layers, a circle inside one layer).
import { describe, expect, it } from "vitest";
import { LIB_LAYERS } from "@/scripts/dev/lib-layers.mjs";
import { circles, libGraph, type Edge } from "./lib-graph";

const layerOf = new Map(LIB_LAYERS.flatMap((layer, index) => layer.folders.map((folder) => [folder, index] as const)));

/** Arrows from a folder to one of a layer above it, or to or from a folder no layer names. */
export function arrowsUp(edges: Edge[]): string[] {
  return edges.flatMap(({ from, to, files }) => {
    const [above, below] = [layerOf.get(from), layerOf.get(to)];
    if (above === undefined || below === undefined)
      return [`lib/${above === undefined ? from : to} is in no layer of scripts/dev/lib-layers.mjs`];
    return below < above ? [`lib/${from} imports lib/${to}, a layer above it (${files.join(", ")})`] : [];
  });
}

describe("the import graph of lib", () => {
  const graph = libGraph();

  it("has no arrow up a layer", () => {
    expect([...new Set(arrowsUp(graph))]).toEqual([]);
  });

  it("has no circle", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("names every folder once", () => {
    const named = LIB_LAYERS.flatMap((layer) => layer.folders);
    expect(named.length).toBe(new Set(named).size);
  });

  it("the checks see what they are meant to see", () => {
    // Guards against a graph that silently finds nothing: these arrows exist, and a made-up circle is found.
    const arrows = graph.map((e) => `${e.from} ${e.to}`);
    expect(arrows).toEqual(expect.arrayContaining(["batches states", "dispatch batches", "log env"]));
    const circle: Edge[] = [
      { from: "receipts", to: "units", files: ["a.ts"] },
      { from: "units", to: "receipts", files: ["b.ts"] },
    ];
    expect(circles(circle)).toEqual([["receipts", "units"]]);
    expect(arrowsUp(circle)).toEqual([]); // one layer: no arrow goes up, only the circle test sees it
    expect(arrowsUp([{ from: "states", to: "batches", files: ["c.ts"] }])).toHaveLength(1);
  });
});
