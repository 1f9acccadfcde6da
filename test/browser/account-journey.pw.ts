import { expect, test, type Page } from '@playwright/test';
import {
  RECOVERY_SUBJECT,
  TOKEN_KEY,
  VALIDATION_SUBJECT,
  createValidatedAccount,
  field,
  fillLogin,
  linkPath,
  mailsTo,
  tinyPng,
  uniqueEmail,
  waitForMail,
} from './accounts';

const LOGIN_FAILED = 'Unfortunately we were unable to log you in. Please check your credentials and try again.';

/** The header's account button, once signed in. */
const accountButton = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

const openAccountMenu = async (page: Page) => {
  await accountButton(page).click();
  return page.getByRole('menu');
};

test.describe('account journey', () => {
  test('register, validate, accept terms, edit profile and photo, change password, log out and in, delete the account', async ({
    page,
    request,
  }) => {
    // The whole life of an account, following its mails (one more since an undo also ends the password).
    test.setTimeout(150_000);
    // The product makes this address a site admin (ADMIN_EMAILS in playwright.config.ts).
    const email = 'journey-admin@example.org';
    const firstPassword = 'journey-first-password';
    const newPassword = 'journey-second-password';

    // Create account: submit waits for the terms.
    await page.goto('/register');
    await expect(page).toHaveTitle('Create an account - Groundtruth');
    await field(page, 'Name').fill('Journey Admin');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(firstPassword);
    await field(page, 'Confirm password').fill('not the same password');
    const create = page.getByRole('button', { name: 'Create account' });
    await expect(create).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Passwords must match.')).toBeVisible();
    await field(page, 'Confirm password').fill(firstPassword);
    await create.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your account was created' })).toBeFocused();
    await expect(page.getByText(`We sent an e-mail to ${email}.`)).toBeVisible();
    await waitForMail(email, VALIDATION_SUBJECT, 1);
    await page.getByRole('button', { name: 'Send the e-mail again' }).click();
    await expect(page.getByText('We sent the e-mail again.')).toBeVisible();
    await waitForMail(email, VALIDATION_SUBJECT, 2);

    // The address is taken now: a second registration says so, with a way to recover the account.
    const again = await page.context().newPage();
    await again.goto('/register');
    await field(again, 'Name').fill('Someone Else');
    await field(again, 'Email').fill(email);
    await field(again, 'Password').fill('another-password-1');
    await field(again, 'Confirm password').fill('another-password-1');
    await again.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await again.getByRole('button', { name: 'Create account' }).click();
    await expect(again.getByText('This address appears to already be registered.')).toBeVisible();
    await again.getByRole('link', { name: 'Recover your account' }).click();
    await expect(again).toHaveURL(/\/recover$/);
    await again.close();

    // Not validated yet: the login says so and offers the link again.
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, email, firstPassword);
    await expect(page.getByRole('alert').filter({ hasText: 'Please validate your e-mail address first' })).toBeVisible();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText('We sent the validation link again.')).toBeVisible();
    const validation = await waitForMail(email, VALIDATION_SUBJECT, 3);

    // The mail's link validates the address and signs in, then the project list.
    await page.goto(linkPath(validation, '/login/'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account menu for Journey Admin');
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();

    // An admin clears the terms (the account's own, through the admin API): the guard asks for them again.
    const cleared = await page.evaluate(
      async ({ key, address }) => {
        const response = await fetch('/api/admin/user/tnc', {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${window.localStorage.getItem(key)}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: address }),
        });
        return response.status;
      },
      { key: TOKEN_KEY, address: email },
    );
    expect(cleared).toBe(204);
    await page.reload();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('30 days')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disagree' })).toBeVisible();
    // Anything else waits for the terms.
    await page.goto('/dashboard/user');
    await expect(page).toHaveURL(/\/terms$/);
    // Disagree signs out and goes to login; signing in again brings the terms back.
    await page.getByRole('button', { name: 'Disagree' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await fillLogin(page, email, firstPassword);
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    // The account menu: my account, and the admin link for a site admin.
    let menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(page).toHaveTitle('My account - Groundtruth');

    // Profile: name, bio, public profile and a photo, previewed before saving.
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(field(profile, 'Name')).toHaveValue('Journey Admin');
    await expect(field(profile, 'Email')).toHaveValue(email);
    await field(profile, 'Name').fill('Journey Admin Renamed');
    await field(profile, 'Bio').fill('Measures the river every spring.');
    await profile.getByRole('checkbox', { name: 'Make my profile public' }).check();
    await profile.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(profile.getByRole('img', { name: 'Preview of your new photo' })).toBeVisible();
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText('Your profile was saved.')).toBeVisible();

    await page.reload();
    await expect(field(profile, 'Name')).toHaveValue('Journey Admin Renamed');
    await expect(field(profile, 'Bio')).toHaveValue('Measures the river every spring.');
    await expect(profile.getByRole('checkbox', { name: 'Make my profile public' })).toBeChecked();
    const photo = profile.getByRole('img', { name: 'Your photo' });
    // Fetched with the session's token (a private profile's photo is not served to just anyone).
    await expect(photo).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(accountButton(page)).toHaveAccessibleName('Account menu for Journey Admin Renamed');

    // Password: a wrong current one is refused; the right one changes it, with a notice for 2 seconds.
    const password = page.getByRole('region', { name: 'Change password' });
    await field(password, 'Current password').fill('not-my-password');
    await field(password, 'New password').fill(newPassword);
    await field(password, 'Confirm new password').fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Please check your password and try again.')).toBeVisible();
    await field(password, 'Current password').fill(firstPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    const changed = password.getByText('Your password has been changed.');
    await expect(changed).toBeVisible();
    await expect(changed).toBeHidden({ timeout: 4_000 });
    await expect(field(password, 'Current password')).toHaveValue('');

    // Log out: the server ends the session, the browser forgets it, and the login screen follows.
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Admin-only spoof: the admin's own e-mail and password open another user's session.
    const spoofed = { name: 'Spoofed Person', email: uniqueEmail('spoofed'), password: 'spoofed-password-1' };
    await createValidatedAccount(request, spoofed);
    await page.goto('/spoof');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in as another user' })).toBeVisible();
    await field(page, 'Email of the user to log in as').fill(spoofed.email);
    await field(page, 'Your administrator email').fill(email);
    await field(page, 'Your administrator password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account menu for Spoofed Person');
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await fillLogin(page, email, firstPassword);
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILED })).toBeVisible();
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A new e-mail needs the current password: missing, it is asked for; wrong, the server refuses it.
    await page.goto('/dashboard/user');
    const profileAgain = page.getByRole('region', { name: 'Profile' });
    const moved = uniqueEmail('journey-moved');
    const proofField = () => field(profileAgain, 'Current password (needed to change your email)');
    await field(profileAgain, 'Email').fill(moved);
    await profileAgain.getByRole('button', { name: 'Save' }).click();
    await expect(profileAgain.getByText('Your current password is required.')).toBeVisible();
    await proofField().fill('not-my-password');
    await profileAgain.getByRole('button', { name: 'Save' }).click();
    await expect(profileAgain.getByText('Please check your password and try again.')).toBeVisible();
    await proofField().fill(newPassword);
    await profileAgain.getByRole('button', { name: 'Save' }).click();
    await expect(
      profileAgain.getByText('Your profile was saved. We sent a link to your new address to validate it.'),
    ).toBeVisible();
    // The old address is told, with a link that gives it back and signs everyone out.
    const told = await waitForMail(email, /address of your Groundtruth account was changed/);
    expect(told.text).toContain(moved);
    await page.goto(linkPath(told, '/account/undo-email'));
    await page.getByRole('button', { name: 'Give my account this address back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your address is back' })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    // The password the change was made with ended too: a new one is chosen through recovery.
    const afterUndo = 'journey-third-password';
    await page.locator('#main-content').getByRole('link', { name: 'Choose a new password' }).click();
    await expect(page).toHaveURL(/\/recover$/);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.goto(linkPath(await waitForMail(email, RECOVERY_SUBJECT, 1), '/recover/complete'));
    await field(page, 'New password').fill(afterUndo);
    await field(page, 'Confirm new password').fill(afterUndo);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your password was changed' })).toBeVisible();
    await page.goto('/login');
    await fillLogin(page, email, afterUndo);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Delete the account from the profile: the e-mail asked again and the password, then a confirmation.
    await page.goto('/dashboard/user');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/delete-account$/);
    await field(page, 'Your account email').fill('someone-else@example.org');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Does not match your email.')).toBeVisible();
    await field(page, 'Your account email').fill(email.toUpperCase());
    await field(page, 'Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('Please check your password and try again.')).toBeVisible();
    await field(page, 'Your password').fill(afterUndo);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Are you sure? This operation cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('Your account has been deleted. You are now logged out.')).toBeVisible();
    // Signed out, without navigation.
    await expect(page).toHaveURL(/\/delete-account$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

    // The account is gone: logging in again fails with the spec's message.
    await page.goto('/login');
    await fillLogin(page, email, newPassword);
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILED })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login and create-account screens in Spanish', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('locale', 'es-ES'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Iniciar sesión - Groundtruth');

    // Checks on submit, in Spanish.
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByText('El correo electrónico es obligatorio.')).toBeVisible();
    await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
    await expect(field(page, 'Correo electrónico')).toBeFocused();
    await field(page, 'Correo electrónico').fill('nadie');
    await field(page, 'Contraseña').fill('corta');
    await expect(page.getByText('Debe ser una dirección de correo electrónico válida.')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 10 caracteres.')).toBeVisible();

    // The server's refusal, translated.
    await field(page, 'Correo electrónico').fill(uniqueEmail('nadie'));
    await field(page, 'Contraseña').fill('una-contraseña-larga');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Lamentablemente no hemos podido iniciar su sesión.' })).toBeVisible();

    await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();
    await page.getByRole('link', { name: 'Crear una cuenta' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
    await expect(page).toHaveTitle('Crear una cuenta - Groundtruth');
    await expect(field(page, 'Nombre')).toBeVisible();
    await expect(field(page, 'Confirmar contraseña')).toBeVisible();
    const create = page.getByRole('button', { name: 'Crear cuenta' });
    await expect(create).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
    await expect(create).toBeEnabled();
    await expect(page.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terms');

    // Signing up in Spanish brings the validation mail in Spanish.
    const email = uniqueEmail('lucia');
    await field(page, 'Nombre').fill('Lucía');
    await field(page, 'Correo electrónico').fill(email);
    await field(page, 'Contraseña').fill('una-contraseña-larga');
    await field(page, 'Confirmar contraseña').fill('una-contraseña-larga');
    await create.click();
    const mail = await waitForMail(email, /^Confirma tu cuenta de Groundtruth$/);
    expect(mail.text).toContain('Hola, Lucía:');
  });

  test('the guard sends a secured page to login and back after signing in', async ({ page, request }) => {
    const account = { name: 'Guarded Person', email: uniqueEmail('guard'), password: 'guarded-password-1' };
    await createValidatedAccount(request, account);

    // Delete account, signed out: sign in first, without the offer of a new account.
    await page.goto('/delete-account');
    await expect(page.getByText('Please log in to the account you want to delete.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

    await page.goto('/dashboard/user?tab=profile');
    await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fuser%3Ftab%3Dprofile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    // The links to recover and register keep 'after'.
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?after=%2Fdashboard%2Fuser%3Ftab%3Dprofile',
    );
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/recover?after=%2Fdashboard%2Fuser%3Ftab%3Dprofile',
    );

    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard\/user\?tab=profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

    // Signed in: the login screen gives way to the dashboard; a non-admin cannot open admin routes.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The session ends under the page (as if it expired and could not be refreshed): back to login, keeping the way back.
    await page.goto('/dashboard/user');
    await page.evaluate((key) => window.localStorage.setItem(key, 'not-a-token'), TOKEN_KEY);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fuser&reason=sessionEnded$/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('recover: the mail, a new password, then log in with it', async ({ page, request }) => {
    const account = { name: 'Forgetful Person', email: uniqueEmail('recover'), password: 'forgotten-password-1' };
    await createValidatedAccount(request, account);
    const chosen = 'remembered-password-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/recover$/);
    await expect(page).toHaveTitle('Reset your password - Groundtruth');
    await field(page, 'Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeFocused();
    await waitForMail(account.email, RECOVERY_SUBJECT, 1);
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText('We sent the link again.')).toBeVisible();
    const latest = await waitForMail(account.email, RECOVERY_SUBJECT, 2);

    await page.goto(linkPath(latest, '/recover/complete'));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await field(page, 'New password').fill(chosen);
    await field(page, 'Confirm new password').fill(`${chosen}-typo`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords must match.')).toBeVisible();
    await field(page, 'Confirm new password').fill(chosen);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your password was changed' })).toBeVisible();

    // The earlier link died with the old password: the failed view, with a way to get help.
    const [first] = await mailsTo(account.email, RECOVERY_SUBJECT);
    await page.goto(linkPath(first!, '/recover/complete'));
    await field(page, 'New password').fill('yet-another-password');
    await field(page, 'Confirm new password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Unfortunately we were unable to reset your password')).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', /^mailto:/);

    // 'after' with 'params' (the prior query as JSON) brings the user back with that query.
    await page.goto(`/login?after=${encodeURIComponent('/dashboard/user')}&params=${encodeURIComponent('{"tab":"photo"}')}`);
    await fillLogin(page, account.email, chosen);
    await expect(page).toHaveURL(/\/dashboard\/user\?tab=photo$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account menu for Forgetful Person');
  });
});
