import { ProfilePage } from "~/components/profile/profile-page";

/** /profile: the page, its forms posting to the sibling routes (name, password, bank-details, withdraw). */
export default function ProfileIndex() {
  return <ProfilePage />;
}
