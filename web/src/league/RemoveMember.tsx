import { useState } from "preact/hooks";
import { ConfirmButton } from "../components/Confirm";
import { leagueApi } from "./client";

/**
 * Removing a member, asked about first. The service refuses while they have games not over in a
 * running season, or when they are the only organiser; its reason is said here, beside the button.
 */
export function RemoveMember({ league, member, onRemoved }: { league: string; member: { userId: string; name: string }; onRemoved: (name: string) => void }) {
  const [said, setSaid] = useState("");
  return (
    <div class="remove-member">
      <ConfirmButton
        label={`Remove ${member.name} from the league`}
        question={`Remove ${member.name} from the league?`}
        note={`${member.name}'s results stay in past standings. ${member.name} can join again only if you invite them again by mail.`}
        yes="Yes, remove"
        danger
        onYes={() => leagueApi.remove(league, member.userId).then(() => onRemoved(member.name), (e) => setSaid(e.message))}
      />
      {said ? <p role="status">{said}</p> : null}
    </div>
  );
}
