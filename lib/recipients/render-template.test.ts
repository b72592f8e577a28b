import { describe, expect, it } from "vitest";
import { compileTemplate } from "./render-template";

describe("compileTemplate", () => {
  const columns = ["phone", "First Name", "town", "Balance"];

  it("fills each placeholder from its column, matching case and spaces loosely", () => {
    const template = compileTemplate(
      "Habari {{ first   name }} wa {{TOWN}}: {{balance}} KES ({{First Name}})",
      columns,
    );
    expect(template.unknown).toEqual([]);
    expect(template.personalised).toBe(true);
    expect(template.placeholders).toEqual(["first name", "TOWN", "balance", "First Name"]);
    expect(template.columns).toEqual([1, 2, 3, 1]);
    expect(template.render(["254712345678", "Wanjiku", "Nakuru", "1,200"])).toEqual({
      text: "Habari Wanjiku wa Nakuru: 1,200 KES (Wanjiku)",
      empty: [],
    });
  });

  it("names every placeholder that matches no column, once", () => {
    const template = compileTemplate("Hi {{name}}, {{ town }} {{Name}} {{}} {{name}}", columns);
    expect(template.unknown).toEqual(["name", "Name", ""]);
  });

  it("reports the placeholders a row leaves empty and renders them as nothing", () => {
    const template = compileTemplate("Habari {{First Name}} wa {{town}}.", columns);
    expect(template.render(["254712345678", "  ", "Nakuru"])).toEqual({
      text: "Habari    wa Nakuru.",
      empty: ["First Name"],
    });
    expect(template.render(["254712345678"])).toEqual({ text: "Habari  wa .", empty: ["First Name", "town"] });
  });

  it("puts values in as plain text: no HTML, no escaping, no second expansion", () => {
    const template = compileTemplate("<b>{{town}}</b> & {{balance}}", columns);
    expect(template.render(["", "", "<script>alert(1)</script>", "{{town}} &amp;"]).text).toBe(
      "<b><script>alert(1)</script></b> & {{town}} &amp;",
    );
  });

  it("leaves a template without placeholders, and stray braces, as they are", () => {
    const template = compileTemplate("Hello {name} {{ and }", columns);
    expect(template.personalised).toBe(false);
    expect(template.placeholders).toEqual([]);
    expect(template.render(["254712345678"]).text).toBe("Hello {name} {{ and }");
  });

  it("keeps unicode and new lines of values and template", () => {
    const template = compileTemplate("Jambo {{First Name}} 😀\nAsante", columns);
    expect(template.render(["", "Wanjikũ\nK."]).text).toBe("Jambo Wanjikũ\nK. 😀\nAsante");
  });
});
