/**
 * The screens that show a profile with its tabs (pictures, videos, podcasts, stories): the account
 * page (users) and a member's profile (discovery), each handed the posts feature's tabs here, where
 * features meet (router.tsx's routes), so that neither depends on posts (decision 0015). Each loads
 * its page and the tabs side by side.
 */
const profileTabs = () => import('./features/posts/profile-tabs/profile-tabs.tsx');

export const accountPageWithTabs = () =>
  Promise.all([import('./features/users/account-page.tsx'), profileTabs()]).then(([account, posts]) => ({
    AccountPage: () => <account.AccountPage tabs={posts.ProfileTabs} />,
  }));

export const profilePageWithTabs = () =>
  Promise.all([import('./features/discovery/profile-page.tsx'), profileTabs()]).then(([profile, posts]) => ({
    ProfilePage: () => <profile.ProfilePage tabs={posts.ProfileTabs} />,
  }));
