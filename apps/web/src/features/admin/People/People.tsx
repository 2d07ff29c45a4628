import { Badge, Card, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@pac/api';
import { userRoleValues, type UserRoleValue } from '@pac/validators';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';

type Person = RouterOutputs['users']['list'][number];

/** How each role reads in the People list. */
export const roleLabels: Record<UserRoleValue, string> = {
  admin: 'Administrator',
  organizer: 'Organizer',
  member: 'Member',
};

function RoleSelect({
  person,
  pending,
  onChange,
}: {
  person: Person;
  pending: boolean;
  onChange: (role: UserRoleValue) => void;
}) {
  return (
    <NativeSelect
      aria-label={`Role of ${person.name}`}
      value={person.role}
      disabled={pending}
      data={userRoleValues.map((role) => ({ value: role, label: roleLabels[role] }))}
      onChange={(event) => onChange(event.currentTarget.value as UserRoleValue)}
      miw={150}
    />
  );
}

/**
 * People (administrators): every account with its role, verified state, signups and last login;
 * the role can be changed here. The server keeps the last administrator (409) and says so.
 */
export function People() {
  const utils = trpc.useUtils();
  const people = trpc.users.list.useQuery();
  const setRole = trpc.users.setRole.useMutation({
    onSuccess: (user) => notifySuccess('Role Updated', `${user.name} is now ${roleLabels[user.role].toLowerCase()}.`),
    onError: (error) => notifyFailure('Role Change Failed', error, 'Failed to change the role. Please try again.'),
    onSettled: () => utils.users.list.invalidate(),
  });

  const body = (
    <QueryState
      query={people}
      loading={<LoadingRows rows={4} height={36} label="Loading people" />}
      failed="Could not load people"
    >
      {(list) => (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped aria-label="People">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Signups</Table.Th>
                <Table.Th>Sheets</Table.Th>
                <Table.Th>Last login</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Text fw={500}>{person.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {person.email}
                    </Text>
                    <Badge size="xs" variant="light" color={person.emailVerified ? 'teal' : 'gray'}>
                      {person.emailVerified ? 'Verified' : 'Not verified'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RoleSelect
                      person={person}
                      pending={setRole.isPending && setRole.variables.id === person.id}
                      onChange={(role) => setRole.mutate({ id: person.id, role })}
                    />
                  </Table.Td>
                  <Table.Td>{person.signups}</Table.Td>
                  <Table.Td>{person.sheets}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{person.lastLoginAt ? formatDateTime(person.lastLoginAt) : 'Never'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="people-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="people-title">
            People
          </Title>
          <Text size="sm" c="dimmed">
            Organizers run the signup sheets they own; administrators run everything. There is always at least one
            administrator.
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
