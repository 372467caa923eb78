// Realistic fake secrets of every kind the redactor knows, each in the text an agent would send it in, and near-misses that must stay.
import { createHash } from "node:crypto";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` characters of `alphabet`, the same for the same seed: every run sends the same fakes. */
export function fakeChars(seed: string, length: number, alphabet = ALNUM): string {
  let out = "";
  for (let block = 0; out.length < length; block += 1) {
    for (const byte of createHash("sha256").update(`${seed}:${block}`).digest()) out += alphabet[byte % alphabet.length];
  }
  return out.slice(0, length);
}

export interface FakeSecret {
  /** The rule that must catch it (the marker's kind). */
  kind: string;
  /** The text it is sent in. */
  text: string;
  /** What must not survive redaction. */
  secret: string;
}

const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const base64 = (text: string) => Buffer.from(text).toString("base64");

/** One of each kind; `tag` makes every secret of a run its own, so a test can tell which one leaked. */
export function fakeSecrets(tag = "t"): FakeSecret[] {
  const s = (kind: string, length: number, alphabet?: string) => fakeChars(`${tag}:${kind}`, length, alphabet);
  const aws = `AKIA${s("aws", 16, upper)}`;
  const github = `ghp_${s("github", 36)}`;
  const githubPat = `github_pat_${s("github_pat", 82, `${ALNUM}_`)}`;
  const gitlab = `glpat-${s("gitlab", 20)}`;
  const slack = `xoxb-${s("slack-a", 12, "0123456789")}-${s("slack-b", 13, "0123456789")}-${s("slack-c", 24)}`;
  const webhook = `https://hooks.slack.com/services/T${s("hook-t", 8, upper)}/B${s("hook-b", 8, upper)}/${s("hook", 24)}`;
  const stripe = `sk_live_${s("stripe", 24)}`;
  const restricted = `rk_live_${s("stripe-rk", 24)}`;
  const openai = `sk-proj-${s("openai", 48, `${ALNUM}_-`)}`;
  const anthropic = `sk-ant-api03-${s("anthropic", 93, `${ALNUM}_-`)}AA`;
  const google = `AIza${s("google", 35, `${ALNUM}_-`)}`;
  const npm = `npm_${s("npm", 36)}`;
  const sendgrid = `SG.${s("sg-a", 22, `${ALNUM}_-`)}.${s("sg-b", 43, `${ALNUM}_-`)}`;
  const shopify = `shpat_${s("shopify", 32, "0123456789abcdef")}`;
  const linear = `lin_api_${s("linear", 40)}`;
  const onePassword = `ops_${base64(`{"signInAddress":"my.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"${s("op-salt", 22)}"},"email":"${s("op", 8)}@example.com","srpX":"${s("op-x", 64)}"}`)}`;
  const openaiLegacy = `sk-${s("openai-legacy-a", 20)}T3BlbkFJ${s("openai-legacy-b", 20)}`;
  const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${base64(`{"sub":"${s("jwt-sub", 10)}","name":"agent"}`).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.${s("jwt-sig", 43, `${ALNUM}_-`)}`;
  const pemBody = s("pem", 64, `${ALNUM}+/`);
  const pem = `-----BEGIN RSA PRIVATE KEY-----\nMIIEow${pemBody}\n${s("pem2", 64, `${ALNUM}+/`)}\n-----END RSA PRIVATE KEY-----`;
  const bearer = s("bearer", 40, `${ALNUM}._-`);
  const basic = base64(`deploy:${s("basic", 14)}`);
  const dbPassword = `${s("db", 12)}!x9`;
  const assignment = `${s("assign", 10)}7`;
  return [
    { kind: "aws_access_key", text: `export AWS_ACCESS_KEY_ID=${aws} in the CI env`, secret: aws },
    { kind: "github_token", text: `git push https://x-access:${github}@example.com failed: 403`, secret: github },
    { kind: "github_token", text: `GITHUB_TOKEN is ${githubPat}`, secret: githubPat },
    { kind: "gitlab_token", text: `curl --header "PRIVATE-TOKEN: ${gitlab}" https://gitlab.example.com/api/v4/projects`, secret: gitlab },
    { kind: "slack_token", text: `slack client init with ${slack} failed`, secret: slack },
    { kind: "slack_webhook", text: `POST ${webhook} returned 404`, secret: webhook },
    { kind: "stripe_key", text: `stripe.api_key set to ${stripe}`, secret: stripe },
    { kind: "stripe_key", text: `restricted key ${restricted} lacks charges:write`, secret: restricted },
    { kind: "openai_key", text: `openai.AuthenticationError: Incorrect API key provided: ${openai}.`, secret: openai },
    { kind: "anthropic_key", text: `ANTHROPIC_API_KEY ${anthropic} was rejected`, secret: anthropic },
    { kind: "google_api_key", text: `maps request with key ${google} denied`, secret: google },
    { kind: "npm_token", text: `//registry.npmjs.org/:_authToken ${npm}`, secret: npm },
    { kind: "secret_assignment", text: `.npmrc: //registry.npmjs.org/:_authToken=${s("npmrc", 24)}`, secret: s("npmrc", 24) },
    { kind: "sendgrid_key", text: `sendgrid says 401 for ${sendgrid}`, secret: sendgrid },
    { kind: "shopify_token", text: `X-Shopify-Access-Token ${shopify} was revoked`, secret: shopify },
    { kind: "linear_key", text: `linear client created with ${linear}`, secret: linear },
    { kind: "onepassword_token", text: `OP_SERVICE_ACCOUNT ${onePassword} is not valid`, secret: onePassword },
    { kind: "openai_key", text: `openai: invalid key ${openaiLegacy}`, secret: openaiLegacy },
    { kind: "jwt", text: `session cookie value ${jwt} expired`, secret: jwt },
    { kind: "private_key", text: `wrote key.pem:\n${pem}\nthen ssh failed`, secret: pemBody },
    { kind: "bearer_token", text: `curl -H "Authorization: Bearer ${bearer}" https://api.example.com/v1/items`, secret: bearer },
    { kind: "basic_auth", text: `Authorization: Basic ${basic}`, secret: basic },
    { kind: "cookie", text: `Cookie: _ga=GA1.2.${s("ga", 10, "0123456789")}; sessionid=${s("cookie", 32)}`, secret: s("cookie", 32) },
    { kind: "authorization", text: `Authorization: token ${s("auth-token", 32, "0123456789abcdef")}`, secret: s("auth-token", 32, "0123456789abcdef") },
    { kind: "url_password", text: `could not connect to postgres://app:${dbPassword}@db.internal:5432/app`, secret: dbPassword },
    { kind: "secret_assignment", text: `DB_PASSWORD=${assignment} ./migrate.sh exited 1`, secret: assignment },
  ];
}

/** Text that looks a little like a secret and must come through unchanged. */
export const NEAR_MISSES = [
  "commit 3f9a2b7c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a broke the build",
  "run 123e4567-e89b-12d3-a456-426614174000 lost its worker",
  "the tokenizer counted 4096 tokens; max_tokens: 8192",
  "Unexpected token: } in JSON at position 42",
  "Invalid token: expired",
  "KeyError: 'password'",
  "Basic configuration is enough for a first run",
  "Bearer authentication failed for the proxy",
  "see https://docs.example.com:8443/guide#auth and ssh://git@github.com/acme/app.git",
  "task-runner-sk-learn-pipeline finished; author: bob",
  "AKIA is the prefix of access key ids; AKIAshort is not one",
  "password: ${DB_PASSWORD} is read from the environment",
];
