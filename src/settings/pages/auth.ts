import { PASSWORD_MIN } from "../../identity/passwords.js";
import { html } from "../html.js";
import { messages, page, type Viewer } from "./layout.js";

export function signInPage(input: { csrf: string; email?: string; error?: string; notice?: string }): string {
  return page(
    { title: "Sign in" },
    html`<h1>Sign in</h1>
<div class="panel narrow">
${messages(input)}
<form method="post" action="/settings/sign-in">
  <input type="hidden" name="_csrf" value="${input.csrf}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${input.email ?? ""}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
  <div class="actions"><button type="submit" data-busy>Sign in</button></div>
</form>
<p class="hint">No password yet, or forgot it? Ask your operator for an invitation link
(<code>crs users invite</code>) or a reset (<code>crs users set-password</code>).</p>
</div>`,
  );
}

export function invitePage(input: { csrf: string; token: string; email: string; error?: string }): string {
  return page(
    { title: "Set your password" },
    html`<h1>Set your password</h1>
<div class="panel narrow">
${messages(input)}
<p>For <strong>${input.email}</strong>. This link works once.</p>
<form method="post" action="/settings/invite">
  <input type="hidden" name="_csrf" value="${input.csrf}">
  <input type="hidden" name="token" value="${input.token}">
  <input type="hidden" name="username" value="${input.email}" autocomplete="username">
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="256" aria-describedby="password-hint">
  <p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters. A long passphrase is best.</p>
  <label for="confirm">Repeat the password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="256">
  <div class="actions"><button type="submit" data-busy>Set password</button></div>
</form>
</div>`,
  );
}

export function messagePage(input: {
  title: string;
  message: string;
  link?: { href: string; text: string };
  /** Signed in: the page keeps the header (sections, organisation switcher, sign-out). */
  viewer?: Viewer;
}): string {
  return page(
    { title: input.title, viewer: input.viewer },
    html`<h1>${input.title}</h1>
<div class="panel narrow">
<p>${input.message}</p>
${input.link ? html`<p><a href="${input.link.href}">${input.link.text}</a></p>` : ""}
</div>`,
  );
}
