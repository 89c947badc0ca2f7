// The HTML part of every mail: react-email's components give the tables and inline styles mail clients
// need; React escapes every string, so text a person typed can never become markup.
import type { CSSProperties, ReactNode } from "react";
// The individual packages, not the @react-email/components barrel: the barrel also loads Tailwind,
// Prism and marked at boot, which these mails never use.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { site } from "~/config/site";
import type { Block, Inline, MailContent, MailContext } from "./content.server";
import { SIGN_OFF, footerLines } from "./template-parts.server";

const c = {
  brand: site.colors.brand,
  ink: site.colors.ink,
  muted: "#475569",
  page: "#f1f5f9",
  panel: "#f8fafc",
  border: "#e2e8f0",
  quote: "#fecaca",
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const s = {
  body: { margin: 0, padding: "24px 0", backgroundColor: c.page, fontFamily: font, color: c.ink },
  container: { maxWidth: "600px", padding: "0 12px" },
  card: {
    backgroundColor: "#ffffff",
    border: `1px solid ${c.border}`,
    borderTop: `4px solid ${c.brand}`,
    borderRadius: "12px",
    padding: "28px 24px",
  },
  heading: { margin: "0 0 16px", fontSize: "22px", lineHeight: "28px", fontWeight: 700, color: c.ink },
  text: { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: c.ink },
  note: { margin: "0 0 16px", fontSize: "14px", lineHeight: "21px", color: c.muted },
  link: { color: c.brand, textDecoration: "underline", wordBreak: "break-word" },
  button: {
    backgroundColor: c.brand,
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 700,
    textDecoration: "none",
    borderRadius: "8px",
    padding: "14px 24px",
  },
  panel: { backgroundColor: c.panel, border: `1px solid ${c.border}`, borderRadius: "8px", padding: "12px 16px", margin: "0 0 20px" },
  panelTitle: { margin: "0 0 8px", fontSize: "13px", lineHeight: "18px", fontWeight: 700, color: c.muted, textTransform: "uppercase", letterSpacing: "0.04em" },
  label: { padding: "6px 12px 6px 0", fontSize: "14px", lineHeight: "20px", color: c.muted, verticalAlign: "top", width: "40%" },
  value: { padding: "6px 0", fontSize: "15px", lineHeight: "20px", color: c.ink, fontWeight: 600, verticalAlign: "top", wordBreak: "break-word" },
  quote: {
    backgroundColor: c.panel,
    borderLeft: `4px solid ${c.quote}`,
    borderRadius: "4px",
    padding: "12px 16px",
    margin: "0 0 20px",
  },
  footer: { margin: "0 0 6px", fontSize: "13px", lineHeight: "19px", color: c.muted, textAlign: "center" },
} satisfies Record<string, CSSProperties>;

function InlineRun({ run }: { run: Inline }) {
  if (typeof run === "string") return <>{run}</>;
  if ("strong" in run) return <strong>{run.strong}</strong>;
  if ("nowrap" in run) return <span style={{ whiteSpace: "nowrap" }}>{run.nowrap}</span>;
  // A phone number broken across two lines is hard to read and to tap.
  const style = run.href.startsWith("tel:") ? { ...s.link, whiteSpace: "nowrap" as const } : s.link;
  return (
    <Link href={run.href} style={style}>
      {run.label}
    </Link>
  );
}

function Runs({ content }: { content: Inline[] }) {
  return content.map((run, i) => <InlineRun key={i} run={run} />);
}

/** Line breaks as <br>: white-space rules are dropped by some clients. */
function Lines({ text }: { text: string }) {
  return text.split(/\r?\n/).map((line, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {line}
    </span>
  ));
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case "paragraph":
      return (
        <Text style={s.text}>
          <Runs content={block.content} />
        </Text>
      );
    case "note":
      return (
        <Text style={s.note}>
          <Runs content={block.content} />
        </Text>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button href={block.href} style={s.button}>
            {block.label}
          </Button>
          {block.showUrl && (
            <Text style={{ ...s.note, margin: "16px 0 0" }}>
              Si el botón no funciona, copia este enlace en tu navegador:
              <br />
              <Link href={block.href} style={{ ...s.link, wordBreak: "break-all" }}>
                {block.href}
              </Link>
            </Text>
          )}
        </Section>
      );
    case "details":
      return (
        <Section style={s.panel}>
          {block.title && <Text style={s.panelTitle}>{block.title}</Text>}
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
            <tbody>
              {block.rows.map((row, i) => (
                <tr key={i}>
                  <td style={s.label}>{row.label}</td>
                  <td style={s.value}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      );
    case "quote":
      return (
        <Section style={s.quote}>
          <Text style={s.panelTitle}>{block.title}</Text>
          <Text style={{ ...s.text, margin: 0 }}>
            <Lines text={block.text} />
          </Text>
        </Section>
      );
    case "list":
      return (
        <ol style={{ margin: "0 0 16px", paddingLeft: "24px", fontSize: "16px", lineHeight: "24px", color: c.ink }}>
          {block.items.map((item, i) => (
            <li key={i} style={{ margin: "0 0 6px" }}>
              <Runs content={item} />
            </li>
          ))}
        </ol>
      );
  }
}

export function MailLayout({ content, ctx }: { content: MailContent; ctx: MailContext }) {
  const home = ctx.url("/");
  return (
    <Html lang="es-CL" dir="ltr">
      <Head>
        <title>{content.subject}</title>
        {/* Our colours are chosen for a light card: ask clients that honour it not to re-colour them. */}
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={{ padding: "0 4px 16px" }}>
            <Row>
              <Column style={{ width: "48px", verticalAlign: "middle" }}>
                {/* Decorative: the academy's name follows as text, so a client that blocks images loses nothing. */}
                <Img src={ctx.url(site.mailLogoPath)} width="40" height="40" alt="" style={{ display: "block", borderRadius: "9px" }} />
              </Column>
              <Column style={{ verticalAlign: "middle" }}>
                <Link href={home} style={{ color: c.ink, textDecoration: "none", fontSize: "20px", fontWeight: 800 }}>
                  {site.name}
                </Link>
                <Text style={{ margin: 0, fontSize: "13px", lineHeight: "18px", color: c.muted }}>{site.tagline}</Text>
              </Column>
            </Row>
          </Section>
          <Section style={s.card}>
            <Heading as="h1" style={s.heading}>
              {content.heading}
            </Heading>
            {content.greeting && <Text style={s.text}>{content.greeting}</Text>}
            {content.blocks.map((block, i) => (
              <BlockView key={i} block={block} />
            ))}
            {content.greeting && (
              <Text style={{ ...s.text, margin: "8px 0 0" }}>
                {SIGN_OFF[0]}
                <br />
                {SIGN_OFF[1]}
              </Text>
            )}
          </Section>
          <Section style={{ padding: "20px 8px 0" }}>
            {footerLines(home).map((line, i) => (
              <Text key={i} style={s.footer}>
                <Runs content={line} />
              </Text>
            ))}
            <Text style={{ ...s.footer, margin: "12px 0 0" }}>{content.reason}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
